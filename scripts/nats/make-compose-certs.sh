#!/bin/sh
# The NATS servers' TLS of docker-compose.yml and docker-compose.cluster.yml (the one-shot service
# nats-certs runs it): a CA of the compose project's own and one certificate for every server, for
# clients and routes alike (each end of a route checks the other's), naming every address they are
# reached at. Made once into the folder given (a volume); kept while it is there.
set -eu
dir=${1:?the folder to write into}
[ -s "$dir/server.pem" ] && [ -s "$dir/ca.pem" ] && exit 0
mkdir -p "$dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3650 \
  -subj "/CN=Fire Alarm Portal NATS CA (compose)" -keyout "$work/ca-key.pem" -out "$work/ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
  -subj "/CN=nats" -keyout "$work/server-key.pem" -out "$work/server.csr" 2>/dev/null
printf '%s\n' \
  'subjectAltName=DNS:nats,DNS:nats-1,DNS:nats-2,DNS:nats-3,DNS:localhost,IP:127.0.0.1' \
  'extendedKeyUsage=serverAuth,clientAuth' >"$work/server.ext"
openssl x509 -req -in "$work/server.csr" -CA "$work/ca.pem" -CAkey "$work/ca-key.pem" -CAcreateserial \
  -days 3650 -extfile "$work/server.ext" -out "$work/server.pem" 2>/dev/null
chmod 644 "$work/server.pem" "$work/ca.pem" "$work/server-key.pem"
cp "$work/ca.pem" "$work/server.pem" "$work/server-key.pem" "$dir/"

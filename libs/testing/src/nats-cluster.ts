// A real three-server NATS cluster for tests. It lives in scripts/lib, which `npm run cluster` runs
// without compiling (an ES module of Node's modules only); tests use the same code from here.
export * from '../../../scripts/lib/nats-cluster';

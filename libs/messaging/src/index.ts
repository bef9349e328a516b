export * from './nats/nats.service';
export * from './nats/nats.module';
export * from './nats/nats-topology.util';
export * from './queues/queue.service';
export * from './queues/queue.module';
export * from './queues/redis-connection.util';

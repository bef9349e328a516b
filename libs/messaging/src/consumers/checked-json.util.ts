import { decodeJson } from './durable-consumer';

/**
 * A consumer's decoder: the payload as JSON, checked by the contract's own assertion. A payload that
 * fails either throws, naming what is wrong: the consumer dead-letters it at once instead of failing
 * on it for ever.
 */
export function checkedJson<T>(check: (value: unknown) => asserts value is T): (data: Uint8Array) => T {
  return (data) => {
    const value = decodeJson<unknown>(data);
    check(value);
    return value;
  };
}

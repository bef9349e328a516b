import { normaliseHwaddr } from '@app/contracts';
import { Transform } from 'class-transformer';
import { hwaddr } from './field-checks.util';
import { Rule } from './field-rule.decorator';

/**
 * A hardware address in any case, colons optional. A valid one is stored on the DTO in its
 * normalised form (12 lowercase hex characters); an invalid one is kept as sent and fails the check.
 */
export function HwaddrField(): PropertyDecorator {
  return (target, property) => {
    Transform(({ value }) => normaliseHwaddr(value) ?? value)(target, property);
    Rule(hwaddr)(target, property);
  };
}

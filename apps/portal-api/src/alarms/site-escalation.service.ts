import { Injectable, Logger } from '@nestjs/common';
import {
  DEFAULT_ESCALATION_POLICY,
  ESCALATION_MESSAGES,
  escalationPolicyOf,
  escalationStepSetting,
  escalationStepsProblem,
  type SiteEscalationPolicy,
  type SiteEscalationRequest,
} from '@app/contracts';
import type { SiteEscalationPolicyEntity } from '@app/database';
import { Clock, DomainError } from '@app/platform';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { UsersRepository } from '../auth/users.repository';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { SiteEscalationRepository } from './site-escalation.repository';

/**
 * A site's escalation policy (docs/alarms.md, "Escalation"), read and set by any user with an
 * AUTHED claim for the site: its later steps, which the alarms that open from then on owe. Alarms
 * already open keep the steps they were opened with. A step may name only people with access.
 */
@Injectable()
export class SiteEscalation {
  private readonly logger = new Logger(SiteEscalation.name);

  constructor(
    private readonly policies: SiteEscalationRepository,
    private readonly access: PanelAccessService,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async get(claims: ClaimsIdentity, hwaddr: string): Promise<SiteEscalationPolicy> {
    return toPolicy(await this.access.readIfMayOpen(claims, hwaddr, () => this.policies.of(hwaddr)));
  }

  async set(claims: ClaimsIdentity, hwaddr: string, request: SiteEscalationRequest): Promise<SiteEscalationPolicy> {
    await this.access.assertMayControl(claims, hwaddr);
    // The DTO checked it; checked again here, where the rule lives, for any other caller.
    const problem = escalationStepsProblem(request.steps);
    if (problem) throw new DomainError('invalid', problem);
    const name = (await this.users.findById(claims.userId))?.fullName ?? '';
    const steps = request.steps.map(escalationStepSetting);
    const named = [...new Set(steps.flatMap((step) => step.people))];
    if (named.length > 0 && !(await this.policies.allHaveAccess(hwaddr, named)))
      throw new DomainError('invalid', ESCALATION_MESSAGES.people);
    const saved = await this.policies.set(hwaddr, steps, { userId: claims.userId, name }, this.clock.now());
    this.logger.log({ hwaddr, laterSteps: saved.steps.length }, 'escalation policy set');
    return toPolicy(saved);
  }
}

function toPolicy(policy: SiteEscalationPolicyEntity | null): SiteEscalationPolicy {
  if (!policy) return { steps: [...DEFAULT_ESCALATION_POLICY], isDefault: true, updatedBy: null, updatedAt: null };
  return {
    steps: escalationPolicyOf(policy.steps),
    isDefault: false,
    updatedBy: policy.updatedByName,
    updatedAt: policy.updatedAt.toISOString(),
  };
}

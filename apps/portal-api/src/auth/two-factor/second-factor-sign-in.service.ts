import { Injectable } from '@nestjs/common';
import { TWO_FACTOR_MESSAGES } from '@app/contracts';
import { DomainError } from '@app/platform';
import { passwordChangedSince } from '../password-change.util';
import type { SignInPlace } from '../sessions/sign-in-place.util';
import { SessionsService } from '../sessions/sessions.service';
import { InvalidTokenError, TokenService } from '../token.service';
import { UsersRepository } from '../users.repository';
import { TwoFactorService } from './two-factor.service';

/** The sign-in's second step: the challenge the password gave, and a code, give the session token. */
@Injectable()
export class SecondFactorSignIn {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: UsersRepository,
    private readonly twoFactor: TwoFactorService,
    private readonly sessions: SessionsService,
  ) {}

  async complete(challenge: string, code: string, place: SignInPlace): Promise<string> {
    const payload = await this.tokens.verify(challenge, 'second-factor').catch((error: unknown) => {
      if (error instanceof InvalidTokenError)
        throw new DomainError('unauthorized', TWO_FACTOR_MESSAGES.challengeExpired);
      throw error;
    });
    const user = await this.users.findById(payload.sub);
    // A password changed since the challenge was given voids it, as it voids every token.
    if (!user || passwordChangedSince(user, payload))
      throw new DomainError('unauthorized', TWO_FACTOR_MESSAGES.challengeExpired);
    if (!(await this.twoFactor.proves(user.id, code, place.address)))
      throw new DomainError('unauthorized', TWO_FACTOR_MESSAGES.wrongCode);
    return this.sessions.signIn(user, place);
  }
}

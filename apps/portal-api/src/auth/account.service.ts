import { Injectable } from '@nestjs/common';
import type {
  AccountResponse,
  AccountUpdateRequest,
  RegisterRequest,
  SecondFactorChallenge,
  TokenResponse,
} from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { DomainError } from '@app/platform';
import { PasswordHasher } from './password-hasher.service';
import type { SignInPlace } from './sessions/sign-in-place.util';
import { SessionsService } from './sessions/sessions.service';
import { TokenService } from './token.service';
import { TwoFactorService } from './two-factor/two-factor.service';
import { EmailTakenError, UsersRepository } from './users.repository';

/** Registration, sign-in and the account's own details. */
@Injectable()
export class AccountService {
  /** Verified against when the e-mail is unknown, so that both failures take the same time. */
  private readonly decoyHash: Promise<string>;

  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly twoFactor: TwoFactorService,
    private readonly sessions: SessionsService,
  ) {
    this.decoyHash = hasher.hash('decoy password never used by anyone');
  }

  async register(request: RegisterRequest, place: SignInPlace): Promise<string> {
    const passwordHash = await this.hasher.hash(request.password);
    try {
      const user = await this.users.create({
        email: request.email.trim(),
        fullName: request.fullname.trim(),
        company: request.company?.trim() ?? '',
        telephone: request.telephone?.trim() ?? '',
        passwordHash,
      });
      return await this.sessions.signIn(user, place);
    } catch (error) {
      if (error instanceof EmailTakenError) throw new DomainError('conflict', error.message);
      throw error;
    }
  }

  /**
   * One and the same answer for an unknown e-mail and a wrong password. With two-factor sign-in on,
   * the right password gives a challenge instead of the token: the code follows (SecondFactorSignIn).
   */
  async login(email: string, password: string, place: SignInPlace): Promise<TokenResponse | SecondFactorChallenge> {
    const user = await this.users.findByEmail(email);
    const matches = await this.hasher.verify(user?.passwordHash ?? (await this.decoyHash), password);
    if (!user || !matches) throw new DomainError('unauthorized', MESSAGES.loginFailed);
    if (await this.twoFactor.isEnabled(user.id))
      return { secondFactor: 'totp', challenge: await this.tokens.signSecondFactorChallenge(user) };
    return { token: await this.sessions.signIn(user, place) };
  }

  async account(userId: string): Promise<AccountResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError('not-found', 'Account not found');
    return {
      email: user.email,
      name: user.fullName,
      company: user.company,
      telephone: user.telephone,
      otherEventToasts: user.otherEventToasts,
    };
  }

  async updateAccount(userId: string, request: AccountUpdateRequest): Promise<AccountResponse> {
    try {
      await this.users.updateProfile(userId, {
        email: request.email.trim(),
        fullName: request.name.trim(),
        company: request.company?.trim() ?? '',
        telephone: request.telephone?.trim() ?? '',
        // A caller that does not name it (the spec's form) leaves it as it is.
        ...(request.otherEventToasts === undefined ? {} : { otherEventToasts: request.otherEventToasts }),
      });
    } catch (error) {
      if (error instanceof EmailTakenError) throw new DomainError('conflict', error.message);
      throw error;
    }
    return this.account(userId);
  }
}

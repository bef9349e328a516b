import { Inject, Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager, type Repository } from 'typeorm';
import { UserEntity } from '@app/database';

/** Raised when an e-mail address is already used by another account (any letter case). */
export class EmailTakenError extends Error {
  constructor() {
    super('An account with this email address already exists');
    this.name = 'EmailTakenError';
  }
}

const UNIQUE_VIOLATION = '23505';

function isEmailTaken(error: unknown): boolean {
  const driverError =
    error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined;
  return driverError?.code === UNIQUE_VIOLATION && driverError.constraint === 'users_email_lower_key';
}

export interface NewUser {
  email: string;
  fullName: string;
  company: string;
  telephone: string;
  passwordHash: string;
}

@Injectable()
export class UsersRepository {
  private readonly users: Repository<UserEntity>;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('user')
      .where('lower(user.email) = lower(:email)', { email: email.trim() })
      .getOne();
  }

  async create(user: NewUser): Promise<UserEntity> {
    try {
      return await this.users.save(this.users.create({ ...user, passwordChangedAt: new Date() }));
    } catch (error) {
      if (isEmailTaken(error)) throw new EmailTakenError();
      throw error;
    }
  }

  async updateProfile(
    id: string,
    profile: Pick<UserEntity, 'email' | 'fullName' | 'company' | 'telephone'> &
      Partial<Pick<UserEntity, 'otherEventToasts'>>,
  ): Promise<void> {
    try {
      await this.users.update({ id }, profile);
    } catch (error) {
      if (isEmailTaken(error)) throw new EmailTakenError();
      throw error;
    }
  }

  async setPassword(
    id: string,
    passwordHash: string,
    changedAt: Date,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.getRepository(UserEntity).update({ id }, { passwordHash, passwordChangedAt: changedAt });
  }
}

import { DomainError } from '@app/platform';
import type { UsersRepository } from '../auth/users.repository';
import { MEMBER_NOT_FOUND } from './teams.constants';

/** Who acted or was acted on, as the access activity records them. */
export interface NamedUser {
  id: string;
  name: string;
}

/** The account's id and name; 404 'Member not found' when it is gone. */
export async function namedUser(users: UsersRepository, userId: string): Promise<NamedUser> {
  const user = await users.findById(userId);
  if (!user) throw new DomainError('not-found', MEMBER_NOT_FOUND);
  return { id: user.id, name: user.fullName };
}

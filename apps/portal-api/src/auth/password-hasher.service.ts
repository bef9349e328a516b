import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id hashes; the library's defaults follow the current recommendation (m=64 MiB, t=3). */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}

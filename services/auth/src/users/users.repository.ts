import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@portal/contracts';
import { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { RoleGroup, User } from './user.entity';

@Injectable()
export class UsersRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  private repo(em?: EntityManager) {
    return (em ?? this.db.system.dataSource.manager).getRepository(User);
  }

  /** By login or e-mail, whatever the case (spec: log in with either). */
  findByLoginOrEmail(identifier: string): Promise<User | null> {
    return this.repo()
      .createQueryBuilder('u')
      .where('lower(u.login) = lower(:id) OR lower(u.email) = lower(:id)', { id: identifier.trim() })
      .orderBy('lower(u.login) = lower(:id)', 'DESC')
      .getOne();
  }

  findByEmail(email: string): Promise<User | null> {
    return this.repo().createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: email.trim() }).getOne();
  }

  findById(id: number, em?: EntityManager): Promise<User | null> {
    return this.repo(em).findOneBy({ id });
  }

  async getByUuid(uuid: string): Promise<User> {
    const user = /^[0-9a-f-]{36}$/i.test(uuid) ? await this.repo().findOneBy({ uuid }) : null;
    if (!user) throw new AppError('userNotFound', 'user not found');
    return user;
  }

  async getById(id: number): Promise<User> {
    const user = await this.findById(id);
    if (!user) throw new AppError('userNotFound', 'user not found');
    return user;
  }

  roleGroupsOf(userId: number): Promise<RoleGroup[]> {
    return this.db.system.dataSource
      .getRepository(RoleGroup)
      .createQueryBuilder('g')
      .innerJoin('user_role_groups', 'ug', 'ug.group_id = g.id')
      .where('ug.user_id = :userId', { userId })
      .orderBy('g.code')
      .getMany();
  }

  /** Updates some columns and returns the fresh row; maps uniqueness violations to §8 keys. */
  async update(id: number, changes: Partial<User>, em?: EntityManager): Promise<User> {
    try {
      await this.repo(em).update({ id }, changes);
    } catch (e) {
      throw uniquenessError(e) ?? e;
    }
    const user = await this.findById(id, em);
    if (!user) throw new AppError('userNotFound', 'user not found');
    return user;
  }

  async insert(user: Partial<User>, em?: EntityManager): Promise<User> {
    try {
      return await this.repo(em).save(this.repo(em).create(user));
    } catch (e) {
      throw uniquenessError(e) ?? e;
    }
  }
}

export function uniquenessError(e: unknown): AppError | undefined {
  const constraint =
    (e as { constraint?: string; driverError?: { constraint?: string } }).driverError?.constraint ??
    (e as { constraint?: string }).constraint;
  if (constraint === 'users_login_unique') return new AppError('loginAlreadyExists', 'login already used');
  if (constraint === 'users_email_unique') return new AppError('emailAlreadyExists', 'e-mail already used');
  return undefined;
}

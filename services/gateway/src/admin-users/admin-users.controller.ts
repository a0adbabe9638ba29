import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  ADMIN_USERS_LIST,
  AdminUsersSubjects,
  Role,
  ROLE_GROUPS_LIST,
  type AdminUserDto,
  type AdminUserOptionsDto,
  type CallerContext,
  type ListPage,
  type RightDto,
  type RoleGroupDto,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { firstRow, listRequest, sendListPage } from '../http/list-query';
import { SessionCache } from '../http/session-cache';
import { AdminUserOptionsQuery, AdminUsersListQuery, RoleGroupsListQuery } from './admin-users.dto';

type Json = Record<string, unknown>;
const object = (body: unknown): Json => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {});

const USER_BODY = {
  type: 'object',
  description: 'Spec §3 User fields; roles, groups and filters are refused before the first save (400 userNotSaved)',
  properties: {
    login: { type: 'string' },
    email: { type: 'string' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    password: { type: 'string', description: 'At least 6 characters, a lowercase, an uppercase, a digit or one of !@#$%^&*' },
    language: { type: 'string', example: 'fr_FR' },
    timezone: { type: 'string', example: 'Europe/Paris' },
    theme: { type: 'string', example: 'dark' },
    phone: { type: 'string' },
    etiquette_format: { type: 'string', example: 'PDF' },
    autoPrint: { type: 'boolean' },
    exportFormat: { type: 'string', example: 'datetime' },
    contactMail: { type: 'string' },
  },
} as const;

/**
 * /admin users (ADMIN_USERS) and role groups (ADMIN_GROUP) of issue 18, answered by the auth
 * service; who may touch whom is decided there. Changes that end or alter sessions drop this
 * gateway's cached ones at once (the others hear it from the auth events).
 */
@ApiTags('admin users')
@ApiBearerAuth()
@Controller('admin')
export class AdminUsersController {
  constructor(
    private readonly bus: BusClient,
    private readonly sessions: SessionCache,
  ) {}

  @Roles(Role.ADMIN_USERS)
  @Get('users')
  @ApiOperation({ summary: 'Users the caller administers (a depositor’s administrator: their depositors’ users only)' })
  async list(@Caller() ctx: CallerContext, @Query() query: AdminUsersListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, ADMIN_USERS_LIST, query);
    const page = await this.bus.request<ListPage<AdminUserDto>>(AdminUsersSubjects.list, ctx, request);
    return sendListPage(ADMIN_USERS_LIST.resource, res, page, firstRow(request));
  }

  @Roles(Role.ADMIN_USERS)
  @Get('users/options')
  @ApiOperation({ summary: 'Roles, role groups and depositors the caller may give, with the activities and stores of `depositors`' })
  options(@Caller() ctx: CallerContext, @Query() query: AdminUserOptionsQuery) {
    const depositors = query.depositors ? query.depositors.split(',').map(Number) : [];
    return this.bus.request<AdminUserOptionsDto>(AdminUsersSubjects.options, ctx, { depositors });
  }

  @Roles(Role.ADMIN_USERS)
  @Get('users/:uuid')
  @ApiOperation({ summary: 'A user; 404 userNotFound outside the caller’s reach' })
  get(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<AdminUserDto>(AdminUsersSubjects.get, ctx, { uuid });
  }

  @Roles(Role.ADMIN_USERS)
  @Post('users')
  @ApiOperation({
    summary:
      'Creates a user (a generated password is mailed unless one is given); 409 loginAlreadyExists / emailAlreadyExists, 400 wrongPasswordFormat, 400 userNotSaved with roles, groups or filters',
  })
  @ApiBody({ schema: USER_BODY })
  create(@Caller() ctx: CallerContext, @Body() body: Json) {
    return this.bus.request<AdminUserDto>(AdminUsersSubjects.create, ctx, object(body));
  }

  @Roles(Role.ADMIN_USERS)
  @Put('users/:uuid')
  @ApiOperation({ summary: 'Edits the §3 fields; a password set here ends the user’s sessions' })
  @ApiBody({ schema: USER_BODY })
  async update(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: Json) {
    const answer = await this.bus.request<AdminUserDto>(AdminUsersSubjects.update, ctx, { uuid, user: object(body) });
    this.sessions.forgetUser(answer.uuid);
    return answer;
  }

  @Roles(Role.ADMIN_USERS)
  @Put('users/:uuid/access')
  @ApiOperation({
    summary:
      'Roles, role groups and filters of a saved user (each list replaces the previous one); 403 permissionDenied for a role, group or depositor beyond the caller',
  })
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        roles: { type: 'array', items: { type: 'string' } },
        groups: { type: 'array', items: { type: 'string' }, description: 'Role group codes' },
        depositors: { type: 'array', items: { type: 'integer' } },
        activities: { type: 'array', items: { type: 'integer' } },
        stores: { type: 'array', items: { type: 'integer' } },
      },
    },
  })
  async setAccess(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: Json) {
    const answer = await this.bus.request<AdminUserDto>(AdminUsersSubjects.setAccess, ctx, { uuid, access: object(body) });
    this.sessions.forgetUser(answer.uuid);
    return answer;
  }

  @Roles(Role.ADMIN_USERS)
  @Post('users/:uuid/deactivate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deactivates a user: every session ends at once, login is refused' })
  async deactivate(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    const answer = await this.bus.request<AdminUserDto>(AdminUsersSubjects.deactivate, ctx, { uuid });
    this.sessions.forgetUser(answer.uuid);
    return answer;
  }

  @Roles(Role.ADMIN_USERS)
  @Post('users/:uuid/reactivate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reactivates a user (and clears a temporary block)' })
  reactivate(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.bus.request<AdminUserDto>(AdminUsersSubjects.reactivate, ctx, { uuid });
  }

  @Roles(Role.ADMIN_GROUP, Role.ADMIN_USERS)
  @Get('rights')
  @ApiOperation({ summary: 'Spec §3 Right catalogue: every role with its name and description in five languages, and its group' })
  rights(@Caller() ctx: CallerContext) {
    return this.bus.request<RightDto[]>(AdminUsersSubjects.rights, ctx, {});
  }

  @Roles(Role.ADMIN_GROUP, Role.ADMIN_USERS)
  @Get('role-groups')
  @ApiOperation({ summary: 'Role groups with their roles and how many users (within the caller’s reach) have them' })
  async groups(@Caller() ctx: CallerContext, @Query() query: RoleGroupsListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, ROLE_GROUPS_LIST, query);
    const page = await this.bus.request<ListPage<RoleGroupDto>>(AdminUsersSubjects.groupList, ctx, request);
    return sendListPage(ROLE_GROUPS_LIST.resource, res, page, firstRow(request));
  }

  @Roles(Role.ADMIN_GROUP, Role.ADMIN_USERS)
  @Get('role-groups/:id')
  @ApiOperation({ summary: 'A role group; 404 roleGroupNotFound' })
  group(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<RoleGroupDto>(AdminUsersSubjects.groupGet, ctx, { id });
  }

  @Roles(Role.ADMIN_GROUP)
  @Post('role-groups')
  @ApiOperation({ summary: 'Creates a role group (code unique: 409 roleGroupCodeAlreadyExists)' })
  @ApiBody({
    schema: {
      type: 'object',
      properties: { code: { type: 'string' }, label: { type: 'string' }, roles: { type: 'array', items: { type: 'string' } } },
    },
  })
  createGroup(@Caller() ctx: CallerContext, @Body() body: Json) {
    return this.bus.request<RoleGroupDto>(AdminUsersSubjects.groupCreate, ctx, object(body));
  }

  @Roles(Role.ADMIN_GROUP)
  @Put('role-groups/:id')
  @ApiOperation({ summary: 'Changes a role group: its members’ roles change at once' })
  @ApiBody({
    schema: {
      type: 'object',
      properties: { code: { type: 'string' }, label: { type: 'string' }, roles: { type: 'array', items: { type: 'string' } } },
    },
  })
  updateGroup(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    return this.bus.request<RoleGroupDto>(AdminUsersSubjects.groupUpdate, ctx, { id, group: object(body) });
  }

  @Roles(Role.ADMIN_GROUP)
  @Delete('role-groups/:id')
  @ApiOperation({ summary: 'Removes a role group (spec §6): its members lose its roles' })
  removeGroup(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(AdminUsersSubjects.groupDelete, ctx, { id });
  }
}

import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  API_KEY_MANAGERS,
  ApiKeySubjects,
  CLIENT_KEY_RIGHT_NAMES,
  type ApiKeyDto,
  type CallerContext,
  type CreatedApiKeyDto,
} from '@portal/contracts';
import { Caller } from '../http/caller';
import { SessionResolver } from '../http/session-resolver';

/**
 * Settings > Intégrations (issue 35): the API keys of the caller's depositors, made, listed and
 * revoked by their administrator of users (or the provider's), answered by the auth service.
 */
@ApiTags('integrations')
@ApiBearerAuth()
@Controller('settings/api-keys')
export class IntegrationsController {
  constructor(
    private readonly bus: BusClient,
    private readonly sessions: SessionResolver,
  ) {}

  @Roles(...API_KEY_MANAGERS)
  @Get()
  @ApiOperation({
    summary:
      "The API keys of the depositors the caller administers, newest first, with their creator, last use and limits (depositors, activities, stores: their creator's, read at each call); a key whose creator is deactivated or removed is listed with status suspended (it answers 401 invalidApiKey). Never their secret",
  })
  list(@Caller() ctx: CallerContext) {
    return this.bus.request<ApiKeyDto[]>(ApiKeySubjects.list, ctx, {});
  }

  @Roles(...API_KEY_MANAGERS)
  @Post()
  @ApiOperation({
    summary:
      'Creates a key; its secret is in this answer only. 403 permissionDenied for a depositor or platform beyond the caller, 400 validationFailed otherwise',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['name', 'depositorIds', 'rights'],
      properties: {
        name: { type: 'string', maxLength: 100 },
        depositorIds: { type: 'array', items: { type: 'integer' } },
        platformIds: { type: 'array', items: { type: 'integer' }, description: 'Empty: every platform of the depositors' },
        rights: { type: 'array', items: { type: 'string', enum: CLIENT_KEY_RIGHT_NAMES } },
        expiresAt: { type: 'string', format: 'date-time', nullable: true },
        ratePerMinute: { type: 'integer', minimum: 1, maximum: 10000 },
      },
      example: { name: 'ERP DEMO-A', depositorIds: [1], rights: ['orders', 'stock'], expiresAt: '2027-12-31T23:59:59Z' },
    },
  })
  create(@Caller() ctx: CallerContext, @Body() body: unknown) {
    return this.bus.request<CreatedApiKeyDto>(ApiKeySubjects.create, ctx, body ?? {});
  }

  @Roles(...API_KEY_MANAGERS)
  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Revokes a key at once (every gateway forgets it within a second); 404 objectNotFound outside the caller’s reach',
  })
  async revoke(@Caller() ctx: CallerContext, @Param('id') id: string) {
    const answer = await this.bus.request<ApiKeyDto>(ApiKeySubjects.revoke, ctx, { id });
    this.sessions.forgetApiKey(answer.id);
    return answer;
  }
}

import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  AdminSubjects,
  Role,
  type ActivityDto,
  type AnnouncementDto,
  type CallerContext,
  type DepositorDto,
  type PlatformDto,
  type StoreDto,
} from '@portal/contracts';
import { Caller } from '../http/caller';
import {
  CountriesQuery,
  EmailTemplatesQuery,
  MailOutboxQuery,
  OfDepositorQuery,
  ProblemReportBody,
  SendEmailBody,
  StatesQuery,
} from './reference.dto';

/** Spec §7 reference-data calls, verbatim paths, answered by the admin service. */
@ApiTags('reference')
@ApiBearerAuth()
@Controller()
export class ReferenceController {
  constructor(private readonly bus: BusClient) {}

  @Get('countries')
  @ApiOperation({ summary: 'ISO 3166-1 countries named in the caller’s language: { success, countries: [{ ref, label }] }' })
  countries(@Caller() ctx: CallerContext, @Query() query: CountriesQuery) {
    return this.bus.request(AdminSubjects.countries, ctx, query);
  }

  @Get('states')
  @ApiOperation({ summary: 'ISO 3166-2 subdivisions, optionally of one country: { success, states: [{ code, label }] }' })
  states(@Caller() ctx: CallerContext, @Query() query: StatesQuery) {
    return this.bus.request(AdminSubjects.states, ctx, query);
  }

  @Get('depositors')
  @ApiOperation({ summary: 'The caller’s depositors, by code' })
  depositors(@Caller() ctx: CallerContext) {
    return this.bus.request<DepositorDto[]>(AdminSubjects.depositors, ctx, {});
  }

  @Roles(Role.ADMIN_DEPOSITOR, Role.ADMIN_USERS, Role.ADMIN_LIST)
  @Get('depositors/admin')
  @ApiOperation({
    summary:
      'The depositors the caller administers (ADMIN_DEPOSITOR, ADMIN_USERS, or ADMIN_LIST for the activities and stores it edits): every one for the provider’s staff, their own for a depositor’s administrator',
  })
  depositorsAdmin(@Caller() ctx: CallerContext) {
    return this.bus.request<DepositorDto[]>(AdminSubjects.depositorsAdmin, ctx, {});
  }

  @Get('platforms')
  @ApiOperation({ summary: 'Every warehouse site of the provider' })
  platforms(@Caller() ctx: CallerContext) {
    return this.bus.request<PlatformDto[]>(AdminSubjects.platforms, ctx, {});
  }

  @Get('activities')
  @ApiOperation({ summary: 'The caller’s activities, optionally of one depositor' })
  activities(@Caller() ctx: CallerContext, @Query() query: OfDepositorQuery) {
    return this.bus.request<ActivityDto[]>(AdminSubjects.activities, ctx, query);
  }

  @Get('stores')
  @ApiOperation({ summary: 'The caller’s stores, optionally of one depositor' })
  stores(@Caller() ctx: CallerContext, @Query() query: OfDepositorQuery) {
    return this.bus.request<StoreDto[]>(AdminSubjects.stores, ctx, query);
  }

  @Get('announcements')
  @ApiOperation({ summary: 'Announcements live now and not hidden by the caller, by priority, in the caller’s language' })
  announcements(@Caller() ctx: CallerContext) {
    return this.bus.request<AnnouncementDto[]>(AdminSubjects.announcements, ctx, {});
  }

  @Put('announcement/:id/hide')
  @ApiOperation({ summary: 'Hides an announcement for the caller (idempotent); 404 objectNotFound' })
  hideAnnouncement(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(AdminSubjects.hideAnnouncement, ctx, { id });
  }

  @Get('email-templates')
  @ApiOperation({ summary: 'Active templates the caller may use (public; admin ones for template administrators)' })
  emailTemplates(@Caller() ctx: CallerContext, @Query() query: EmailTemplatesQuery) {
    return this.bus.request(AdminSubjects.emailTemplates, ctx, query);
  }

  @Roles(Role.ADMIN_TEMPLATE, Role.USER_EMAIL_TEMPLATE_ADMIN, Role.USER_EMAIL_TEMPLATE_PUBLIC)
  @Post('email-templates/send')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends a mail; recipient, subject and body mandatory (400 validationFailed with fields)' })
  sendEmail(@Caller() ctx: CallerContext, @Body() body: SendEmailBody) {
    return this.bus.request<{ ok: true }>(AdminSubjects.sendEmail, ctx, body);
  }

  @Post('support/problem-report')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mails the support desk with the caller’s login and the request id' })
  problemReport(@Caller() ctx: CallerContext, @Body() body: ProblemReportBody) {
    return this.bus.request<{ ok: true }>(AdminSubjects.problemReport, ctx, body);
  }

  @Roles(Role.ADMIN_TEMPLATE, Role.ADMIN_LOGS)
  @Get('admin/mail-outbox')
  @ApiOperation({
    summary:
      'Mails recorded by the admin service, newest first: { items, total }; a depositor’s administrator sees only their depositors’ mails',
  })
  mailOutbox(@Caller() ctx: CallerContext, @Query() query: MailOutboxQuery) {
    return this.bus.request(AdminSubjects.mailOutbox, ctx, query);
  }
}

import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { AuthSubjects, Role, type CallerContext, type TokenCheckResponse, type UserDto, type UserFiltersDto } from '@portal/contracts';
import { Caller } from '../http/caller';
import { SessionCache } from '../http/session-cache';
import { SessionResolver } from '../http/session-resolver';
import { FiltersBody, PreferencesBody, PrinterUriBody, ProfileBody } from './user.dto';

/** Spec §7 user calls, verbatim paths. */
@ApiTags('user')
@ApiBearerAuth()
@Controller('user')
export class UserController {
  constructor(
    private readonly bus: BusClient,
    private readonly sessions: SessionCache,
    private readonly resolver: SessionResolver,
  ) {}

  private async set(ctx: CallerContext, name: string, value: string, uuid?: string) {
    const user = await this.bus.request<UserDto>(AuthSubjects.setSetting, ctx, { name, value, uuid });
    this.sessions.forgetUser(user.uuid); // the caller context carries language and time zone
    return user;
  }

  @Get('token/check')
  @ApiOperation({ summary: 'Checks the session and returns a fresh token (called every 2,400,000 ms)' })
  tokenCheck(@Caller() ctx: CallerContext): TokenCheckResponse {
    return this.resolver.renew(ctx);
  }

  @Get('me')
  @ApiOperation({ summary: 'The signed-in user' })
  me(@Caller() ctx: CallerContext) {
    return this.bus.request<UserDto>(AuthSubjects.me, ctx, {});
  }

  @Put('profile')
  @ApiOperation({ summary: 'First name, last name, e-mail, contact mail' })
  profile(@Caller() ctx: CallerContext, @Body() body: ProfileBody) {
    return this.bus.request<UserDto>(AuthSubjects.updateProfile, ctx, body);
  }

  @Post('language/:code')
  @HttpCode(200)
  @ApiOperation({ summary: 'fr_FR, en_US, es_ES, it_IT or de_DE; 400 invalidLanguage' })
  language(@Caller() ctx: CallerContext, @Param('code') code: string) {
    return this.set(ctx, 'language', code);
  }

  @Post('theme/:theme')
  @HttpCode(200)
  @ApiOperation({ summary: 'light, dark, trees or lagoon; 400 invalidTheme' })
  theme(@Caller() ctx: CallerContext, @Param('theme') theme: string) {
    return this.set(ctx, 'theme', theme);
  }

  @Post('export/:format')
  @HttpCode(200)
  @ApiOperation({ summary: 'Export date format: datetime or two_columns; 400 invalidExportFormat' })
  exportFormat(@Caller() ctx: CallerContext, @Param('format') format: string) {
    return this.set(ctx, 'export', format);
  }

  @Post('timezone/:tz')
  @HttpCode(200)
  @ApiOperation({ summary: 'One of the §9 time zones (IANA name, slash URL-encoded); 400 invalidTimezone' })
  timezone(@Caller() ctx: CallerContext, @Param('tz') tz: string) {
    return this.set(ctx, 'timezone', tz);
  }

  @Post('phone/:phone')
  @HttpCode(200)
  @ApiOperation({ summary: 'Digits with an optional leading +; 400 invalidPhone' })
  phone(@Caller() ctx: CallerContext, @Param('phone') phone: string) {
    return this.set(ctx, 'phone', phone);
  }

  @Put('printer-uri')
  @ApiOperation({ summary: 'Printer address http(s)://host:port; 400 invalidPrinterUri' })
  printerUri(@Caller() ctx: CallerContext, @Body() body: PrinterUriBody) {
    return this.bus.request<UserDto>(AuthSubjects.setPrinterUri, ctx, body);
  }

  @Put('preferences')
  @ApiOperation({ summary: 'Persisted UI choices (Huby ready-to-go tab, Loop tab, selected profile)' })
  preferences(@Caller() ctx: CallerContext, @Body() body: PreferencesBody) {
    return this.bus.request<UserDto>(AuthSubjects.setPreferences, ctx, body);
  }

  @Roles(Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER)
  @Put(':uuid/setFormatEtiquette/:format')
  @ApiOperation({ summary: 'Label format PDF or ZPL (DASHTOWER_USER or ADMIN_DASHTOWER_USER)' })
  labelFormat(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Param('format') format: string) {
    return this.set(ctx, 'labelFormat', format, uuid);
  }

  @Roles(Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER)
  @Put(':uuid/setZplDefaultPrinter/:printer')
  @ApiOperation({ summary: 'Default ZPL printer id (DASHTOWER_USER or ADMIN_DASHTOWER_USER)' })
  zplPrinter(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Param('printer') printer: string) {
    return this.set(ctx, 'zplPrinter', printer, uuid);
  }

  @Roles(Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER)
  @Put(':uuid/setAutoPrint/:state')
  @ApiOperation({
    summary: 'The label auto-print job on or off (spec §4: start sets it on, stop off); DASHTOWER_USER or ADMIN_DASHTOWER_USER',
  })
  autoPrint(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Param('state') state: string) {
    return this.set(ctx, 'autoPrint', state, uuid);
  }

  @Get(':uuid/filters')
  @ApiOperation({ summary: 'Allowed depositors, activities, stores and platforms with the selected ones; mode=restricted: selected only' })
  filters(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Query('mode') mode?: string) {
    return this.bus.request<UserFiltersDto>(AuthSubjects.getFilters, ctx, { uuid, mode });
  }

  @Put(':uuid/filters')
  @ApiOperation({ summary: 'Chooses the filter among the allowed ids (empty = no restriction); 400 invalidFilter' })
  async setFilters(@Caller() ctx: CallerContext, @Param('uuid') uuid: string, @Body() body: FiltersBody) {
    const filters = await this.bus.request<UserFiltersDto>(AuthSubjects.setFilters, ctx, { uuid, ...body });
    this.sessions.forgetUser(uuid); // the filter narrows the scope of the next requests
    return filters;
  }
}

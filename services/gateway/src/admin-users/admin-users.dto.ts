import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ListQuery } from '../http/list-query';

/** The users list's query: the kit's ListQuery with its filter keys documented. */
export class AdminUsersListQuery extends ListQuery {
  @ApiPropertyOptional({
    description:
      'JSON object. Keys: login (prefix), name (part of the first or last name), email (prefix), depositor (id), group (role group code), active (true | false)',
    example: '{"active":true}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  override filter?: string = undefined;
}

export class RoleGroupsListQuery extends ListQuery {
  @ApiPropertyOptional({ description: 'JSON object. Keys: q (part of the code or label), role (a role the group gives)', example: '{}' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  override filter?: string = undefined;
}

export class AdminUserOptionsQuery {
  @ApiPropertyOptional({ description: 'Depositor ids, comma-separated: their activities and stores are listed too', example: '1,2' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  @Matches(/^\d{1,10}(,\d{1,10})*$/)
  depositors?: string;
}

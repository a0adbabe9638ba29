import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { DASHBOARD_PROFILE_NAME_MAX, TILE_TYPES } from '@portal/contracts';

export class CreateTileBody {
  @ApiProperty({ example: 'pgt', description: 'What the tile shows: an app id, a report id or a chart source' })
  @IsDefined()
  @IsString()
  @MaxLength(100)
  id_object!: string;

  @ApiPropertyOptional({ enum: TILE_TYPES, default: 'link' }) @IsOptional() @IsIn(TILE_TYPES) type?: string;
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @IsInt() width?: number;
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @IsInt() height?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() x?: number;
  @ApiPropertyOptional({ example: { chart: 'bar', source: 'depositor-activities' } }) @IsOptional() @IsObject() config?: Record<
    string,
    unknown
  >;
}

export class TileLayout {
  @ApiProperty() @IsUUID() uuid!: string;
  @ApiProperty() @IsInt() width!: number;
  @ApiProperty() @IsInt() height!: number;
  @ApiProperty() @IsInt() x!: number;
  @ApiPropertyOptional() @IsOptional() @IsObject() config?: Record<string, unknown>;
}

export class SaveTilesBody {
  @ApiProperty({ type: [TileLayout] })
  @IsDefined()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TileLayout)
  items!: TileLayout[];
}

export class CreateDashboardProfileBody {
  @ApiPropertyOptional({ example: 'Pilotage transport', maxLength: DASHBOARD_PROFILE_NAME_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(DASHBOARD_PROFILE_NAME_MAX)
  name?: string;

  @ApiPropertyOptional({ description: "A profile of the caller's, or a master profile, whose tiles are copied" })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  copyOf?: number;
}

export class UpdateDashboardProfileBody {
  @ApiPropertyOptional({ maxLength: DASHBOARD_PROFILE_NAME_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(DASHBOARD_PROFILE_NAME_MAX)
  name?: string;

  @ApiPropertyOptional({ description: 'Publishes the profile as a master every user may copy (ADMIN_USERS)' })
  @IsOptional()
  @IsBoolean()
  master?: boolean;
}

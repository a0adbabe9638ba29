import { UI_PREFERENCE_MAX_LENGTH } from '@portal/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsDefined, IsEmail, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';

export class PrinterUriBody {
  @ApiProperty({ example: 'http://192.168.1.50:9100' }) @IsDefined() @IsString() @MaxLength(200) printer_uri!: string;
}

export class ProfileBody {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) firstname?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) lastname?: string;
  @ApiPropertyOptional() @IsOptional() @IsEmail() @MaxLength(100) email?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(100) contactMail?: string | null;
}

export class PreferencesBody {
  @ApiPropertyOptional({ example: 'tab-ready' }) @IsOptional() @IsString() @MaxLength(60) hubyReadyToGoTab?: string;
  @ApiPropertyOptional({ example: 'tab-progress' }) @IsOptional() @IsString() @MaxLength(60) loopTab?: string;
  @ApiPropertyOptional({ example: 'transit' }) @IsOptional() @IsString() @MaxLength(60) selectedProfile?: string;
  @ApiPropertyOptional({ example: 'quantityCrossDock', description: 'Columns hidden in the Id tab, comma-separated' })
  @IsOptional()
  @IsString()
  @MaxLength(UI_PREFERENCE_MAX_LENGTH)
  stockIdHiddenColumns?: string;
  @ApiPropertyOptional({ example: 'quantityCrossDock,unitPrice', description: 'Columns hidden in the Stock tab, comma-separated' })
  @IsOptional()
  @IsString()
  @MaxLength(UI_PREFERENCE_MAX_LENGTH)
  stockLinesHiddenColumns?: string;
  @ApiPropertyOptional({ example: '', description: 'Columns hidden in the Movements tab, comma-separated' })
  @IsOptional()
  @IsString()
  @MaxLength(UI_PREFERENCE_MAX_LENGTH)
  movementsHiddenColumns?: string;
  @ApiPropertyOptional({ example: 'order_number,depositor_code', description: 'Columns hidden in the Huby shipment list, comma-separated' })
  @IsOptional()
  @IsString()
  @MaxLength(UI_PREFERENCE_MAX_LENGTH)
  hubyShipmentsHiddenColumns?: string;
}

export class FiltersBody {
  @ApiPropertyOptional({ type: [Number] }) @IsOptional() @IsArray() @IsInt({ each: true }) depositors?: number[];
  @ApiPropertyOptional({ type: [Number] }) @IsOptional() @IsArray() @IsInt({ each: true }) activities?: number[];
  @ApiPropertyOptional({ type: [Number] }) @IsOptional() @IsArray() @IsInt({ each: true }) stores?: number[];
  @ApiPropertyOptional({ type: [Number] }) @IsOptional() @IsArray() @IsInt({ each: true }) platforms?: number[];
}

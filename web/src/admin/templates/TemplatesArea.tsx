import { Navigate, Route, Routes, Link as RouterLink, useParams } from 'react-router-dom';
import { useListController, useTranslate } from 'ra-core';
import { Box, Button, Chip, Link } from '@mui/material';
import {
  templateInput,
  ADMIN_TEMPLATES_LIST,
  LOCALES,
  TEMPLATE_VISIBILITIES,
  type AdminEmailTemplateDto,
  type ShortLocale,
} from '@portal/contracts';
import { FilterBar, ListTable, type Column } from '../../stock/ui';
import { AreaTitle, RecordForm, type FieldSpec } from '../reference/kit';
import { TemplatePreview } from './TemplatePreview';
import { useChangesSharedRows } from '../reach';
import { ADMIN_ROUTES } from '../../routes';

const BASE = '/admin/templates';

/**
 * Email templates (ADMIN_TEMPLATE): admin and public ones, one per code and language, with a server-side preview and a test mail.
 * They serve every depositor: read-only (preview and test mail kept) to an administrator who does not reach them all.
 */
export default function TemplatesArea() {
  return (
    <Routes>
      <Route index element={<TemplateList />} />
      <Route path={ADMIN_ROUTES.templates.new} element={<TemplateForm />} />
      <Route path={ADMIN_ROUTES.templates.template} element={<TemplateForm />} />
      <Route path="*" element={<Navigate to={BASE} replace />} />
    </Routes>
  );
}

function TemplateList() {
  const translate = useTranslate();
  const changes = useChangesSharedRows();
  const list = useListController<AdminEmailTemplateDto>({
    resource: ADMIN_TEMPLATES_LIST.resource,
    storeKey: 'admin.templates',
    sort: { field: 'code', order: 'ASC' },
    perPage: 25,
  });
  const f = (key: string) => translate(`adminRef.templates.f.${key}`);
  const columns: Column<AdminEmailTemplateDto>[] = [
    {
      source: 'code',
      label: f('code'),
      render: (t) => (
        <Link component={RouterLink} to={`${BASE}/${t.id}`} data-template={`${t.code}.${t.locale}`}>
          {t.code}
        </Link>
      ),
    },
    { source: 'locale', label: f('locale'), render: (t) => LOCALES.find((l) => l.short === t.locale)?.label ?? t.locale },
    { source: 'label', label: f('label'), wrapAt: 260 },
    { source: 'subject', label: f('subject'), sortable: false, wrapAt: 320 },
    {
      source: 'visibility',
      label: f('visibility'),
      sortable: false,
      render: (t) => <Chip size="small" variant="outlined" label={translate(`adminRef.templates.visibility.${t.visibility}`)} />,
    },
    {
      source: 'active',
      label: f('active'),
      sortable: false,
      render: (t) => translate(t.active ? 'adminRef.common.yes' : 'adminRef.common.no'),
    },
  ];
  return (
    <Box component="section" aria-labelledby="templates-title">
      <AreaTitle id="templates-title" title={translate('adminRef.areas.templates.title')}>
        {changes && (
          <Button variant="contained" component={RouterLink} to={`${BASE}/new`}>
            {translate('adminRef.templates.new')}
          </Button>
        )}
      </AreaTitle>
      <FilterBar
        list={list}
        declaration={ADMIN_TEMPLATES_LIST}
        fields={[
          { source: 'q', label: translate('adminRef.common.search'), width: 260 },
          { source: 'locale', label: f('locale'), type: 'select', options: LOCALES.map((l) => ({ value: l.short, label: l.label })) },
          {
            source: 'visibility',
            label: f('visibility'),
            type: 'select',
            options: TEMPLATE_VISIBILITIES.map((v) => ({ value: v, label: translate(`adminRef.templates.visibility.${v}`) })),
          },
        ]}
      />
      <ListTable
        list={list}
        columns={columns}
        caption={translate('adminRef.areas.templates.title')}
        emptyText={translate('adminRef.common.empty')}
      />
    </Box>
  );
}

function TemplateForm() {
  const translate = useTranslate();
  const { id } = useParams();
  const changes = useChangesSharedRows();
  const f = (key: string) => translate(`adminRef.templates.f.${key}`);
  const fields: FieldSpec[] = [
    { source: 'code', label: f('code'), required: true, helperText: translate('adminRef.templates.codeHelp') },
    {
      source: 'locale',
      label: f('locale'),
      type: 'select',
      required: true,
      options: LOCALES.map((l) => ({ value: l.short, label: l.label })),
    },
    { source: 'label', label: f('label'), required: true, width: 480 },
    {
      source: 'visibility',
      label: f('visibility'),
      type: 'select',
      required: true,
      options: TEMPLATE_VISIBILITIES.map((v) => ({ value: v, label: translate(`adminRef.templates.visibility.${v}`) })),
    },
    { source: 'active', label: f('active'), type: 'switch' },
    { source: 'subject', label: f('subject'), required: true, width: '100%' },
    { source: 'body', label: f('body'), type: 'multiline', required: true },
  ];
  return (
    <RecordForm
      key={id ?? 'new'}
      resource={ADMIN_TEMPLATES_LIST.resource}
      schema={templateInput}
      id={id}
      title={(r) =>
        r ? translate('adminRef.templates.edit', { code: String(r.code), locale: String(r.locale) }) : translate('adminRef.templates.new')
      }
      fields={fields}
      defaults={{ code: '', locale: 'fr', label: '', visibility: 'public', active: true, subject: '', body: '' }}
      toBody={(v) => ({ ...v })}
      backTo={BASE}
      readOnly={!changes}
      extra={(v) => <TemplatePreview subject={String(v.subject)} body={String(v.body)} locale={(v.locale || 'fr') as ShortLocale} />}
    />
  );
}

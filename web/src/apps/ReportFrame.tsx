import { useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { ModuleFrame } from './ModuleFrame';

export default function ReportFrame() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  return <ModuleFrame title={translate('dashboard.report', { id })} />;
}

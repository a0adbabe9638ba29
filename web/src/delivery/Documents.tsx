import { useState } from 'react';
import {
  Button,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ColdIcon from '@mui/icons-material/AcUnit';
import { useNotify, useTranslate } from 'ra-core';
import {
  DOCUMENT_TYPE_LABELS,
  UPLOADABLE_DOCUMENT_TYPES,
  type ColdChainDocumentDto,
  type DocumentDto,
  type DocumentType,
  type OrderDetailDto,
} from '@portal/contracts';
import { api } from '../core/api';
import { ActionDialog, useSubmit } from '../tracking/ActionDialog';
import { useShortLocale } from '../stock/ui';
import { useUser } from '../user/useUser';
import { formatBytes } from '../core/files';
import { downloadDocument, toUploadBody, uploadProblem } from './files';
import { FilePicker } from './FilePicker';
import { canDeleteDocument, canRequestColdChain, deliveryRights } from './model';
import { ConfirmDialog, Section, useDateTime } from './ui';
import { useErrorText } from '../i18n/useErrorText';

type Pending = { kind: 'document'; doc: DocumentDto } | { kind: 'pods' } | null;

/** Documents and PODs of the delivery: download, add, delete (spec §6 rights), remove the PODs. */
export function Documents({ order, onChanged }: { order: OrderDetailDto; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = useShortLocale();
  const dateTime = useDateTime();
  const errorText = useErrorText();
  const roles = useUser()?.roles ?? [];
  const rights = deliveryRights(roles);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [certifying, setCertifying] = useState(false);
  const documents = [...order.documents].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const typeLabel = (type: DocumentType) => DOCUMENT_TYPE_LABELS[type]?.[locale] ?? type;

  const download = async (doc: DocumentDto) => {
    setDownloading(doc.id);
    try {
      await downloadDocument(doc.url, doc.name);
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setDownloading(null);
    }
  };
  /** Issue 16: fever certifies the order's stay from its probes; the PDF joins the documents (replacing an older one). */
  const certify = async () => {
    setCertifying(true);
    try {
      const done = await api<ColdChainDocumentDto>(`/orders/${order.id}/documents/cold-chain`, { method: 'POST' });
      const verdict = translate(`delivery.documents.coldChain.verdicts.${done.verdict}`);
      notify(`delivery.documents.coldChain.${done.provisional ? 'createdProvisional' : 'created'}`, {
        type: done.verdict === 'conforming' ? 'success' : 'warning',
        messageArgs: { verdict },
      });
      onChanged();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setCertifying(false);
    }
  };
  const remove = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'document') {
        await api(`/orders/${order.id}/documents/${encodeURIComponent(pending.doc.id)}`, { method: 'DELETE' });
        notify('delivery.documents.deleted', { type: 'success' });
      } else {
        const { removed } = await api<{ removed: number }>(`/orders/${order.id}/pods`, { method: 'DELETE' });
        notify('delivery.documents.podsRemoved', { type: 'success', messageArgs: { smart_count: removed } });
      }
      onChanged();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setPending(null);
    }
  };

  return (
    <Section
      id="delivery-documents"
      title={translate('delivery.sections.documents')}
      actions={
        <>
          {canRequestColdChain(order, roles) && (
            <Tooltip title={translate('delivery.documents.coldChain.hint')}>
              <span>
                <Button
                  id="cold-chain-certificate"
                  variant="outlined"
                  size="small"
                  startIcon={<ColdIcon />}
                  disabled={certifying}
                  onClick={() => void certify()}
                >
                  {translate(certifying ? 'delivery.documents.coldChain.creating' : 'delivery.documents.coldChain.create')}
                </Button>
              </span>
            </Tooltip>
          )}
          {rights.addDocument && (
            <Button variant="outlined" size="small" onClick={() => setAdding(true)}>
              {translate('delivery.documents.add')}
            </Button>
          )}
          {rights.removePods && (
            <Button variant="outlined" size="small" color="error" onClick={() => setPending({ kind: 'pods' })}>
              {translate('delivery.documents.removePods')}
            </Button>
          )}
        </>
      }
    >
      {documents.length === 0 ? (
        <Typography color="text.secondary">{translate('delivery.documents.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <caption className="visually-hidden">{translate('delivery.sections.documents')}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{translate('delivery.documents.type')}</TableCell>
                <TableCell>{translate('delivery.documents.name')}</TableCell>
                <TableCell>{translate('delivery.documents.date')}</TableCell>
                <TableCell align="right">{translate('delivery.documents.size')}</TableCell>
                <TableCell align="right">{translate('delivery.documents.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {documents.map((doc) => (
                <TableRow key={doc.id} data-document-type={doc.type}>
                  <TableCell>{typeLabel(doc.type)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{doc.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(doc.createdAt)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(doc.size, locale) || '—'}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {rights.download && (
                      <Tooltip title={translate('delivery.documents.download', { name: doc.name })}>
                        <span>
                          <IconButton
                            aria-label={translate('delivery.documents.download', { name: doc.name })}
                            onClick={() => void download(doc)}
                            disabled={downloading === doc.id}
                          >
                            <DownloadIcon />
                          </IconButton>
                        </span>
                      </Tooltip>
                    )}
                    {canDeleteDocument(doc, roles) && (
                      <Tooltip title={translate('delivery.documents.delete', { name: doc.name })}>
                        <IconButton
                          aria-label={translate('delivery.documents.delete', { name: doc.name })}
                          onClick={() => setPending({ kind: 'document', doc })}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {adding && (
        <AddDocumentDialog
          orderId={order.id}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            notify('delivery.documents.added', { type: 'success' });
            onChanged();
          }}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={translate(pending?.kind === 'pods' ? 'delivery.documents.removePods' : 'delivery.documents.deleteTitle')}
        text={
          pending?.kind === 'document'
            ? translate('delivery.documents.deleteConfirm', { name: pending.doc.name, type: typeLabel(pending.doc.type) })
            : translate('delivery.documents.removePodsConfirm', { reference: order.reference })
        }
        confirmLabel={translate('delivery.delete')}
        onConfirm={remove}
        onClose={() => setPending(null)}
      />
    </Section>
  );
}

/** USER_ADD_DOCUMENT: a type and a PDF, JPEG or PNG file, sent base64 in JSON. */
function AddDocumentDialog({ orderId, onClose, onAdded }: { orderId: number; onClose: () => void; onAdded: () => void }) {
  const translate = useTranslate();
  const locale = useShortLocale();
  const [type, setType] = useState<DocumentType | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useSubmit();

  const submit = () => {
    setTried(true);
    if (!type || !file || uploadProblem(file)) return;
    void run(async () => {
      await api(`/orders/${orderId}/documents`, { method: 'POST', body: { type, ...(await toUploadBody(file)) } });
      onAdded();
    });
  };

  return (
    <ActionDialog
      id="add-document"
      title={translate('delivery.documents.addTitle')}
      submitLabel={busy ? translate('delivery.sending') : translate('common.add')}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <TextField
        select
        id="document-type"
        label={translate('delivery.documents.type')}
        value={type}
        onChange={(e) => setType(e.target.value as DocumentType)}
        required
        error={tried && !type}
        helperText={tried && !type ? translate('fields.required') : undefined}
      >
        {UPLOADABLE_DOCUMENT_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {DOCUMENT_TYPE_LABELS[t][locale]}
          </MenuItem>
        ))}
      </TextField>
      <FilePicker label={translate('delivery.files.file')} file={file} onChange={setFile} required />
      {tried && !file && (
        <Typography color="error" variant="body2" role="alert">
          {translate('delivery.files.required')}
        </Typography>
      )}
    </ActionDialog>
  );
}

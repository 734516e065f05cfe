import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { v4 as uuidv4 } from 'uuid';

import { AUDIENCE_GROUPS } from '@domain/analytics/reports.js';
import { MASS_EMAIL_LIMITS, MASS_EMAIL_MESSAGES, renderMassEmailBody, sendEmailSchema } from '@domain/mass-email/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { showToast, TOAST_ERROR_TIMEOUT_MS } from '@/components/ui/toasts.js';
import { formatDateTime } from '@/lib/date-time.js';
import { fetchCampaigns, fetchGroupSizes, fetchRecipients, sendEmail, type Campaign } from '../mass-email-api.js';
import { useLoad } from '@/lib/use-load.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import './mass-email.css';

/** How often the campaign list is reloaded while a campaign is still sending. */
const PROGRESS_POLL_MS = 1_000;

function CampaignItem({ campaign }: { campaign: Campaign }) {
  const done = campaign.delivered + campaign.failed + campaign.skipped;
  return (
    <li className="admin-user mass-email__campaign" aria-label={campaign.subject}>
      <strong>{campaign.subject}</strong>
      <p className="admin-list__note">
        {campaign.group} · {formatDateTime(campaign.requestedAt)} · by {campaign.requestedBy.username ?? 'a deleted account'}
      </p>
      <progress max={campaign.total} value={done} aria-label={`${campaign.subject}: progress`} />
      <p role="status">
        {campaign.finished ? 'Finished: ' : 'Sending: '}
        <span data-testid="campaign-sent">
          {campaign.delivered} / {campaign.total} sent
        </span>
        {campaign.failed > 0 && `, ${campaign.failed} failed`}
        {campaign.skipped > 0 && `, ${campaign.skipped} skipped (update e-mails turned off or account gone since)`}
      </p>
    </li>
  );
}

/** Mass e-mail: a group, its recipients, the message and its preview, a test to oneself, the campaign (after the spec's confirmation) and its progress. */
export function MassEmail() {
  const id = useId();
  const [group, setGroup] = useState<string>(AUDIENCE_GROUPS[0].group);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key per confirmed message: a repeated click or a retried request starts one campaign.
  const [idempotencyKey, setIdempotencyKey] = useState(() => uuidv4());

  const sizes = useLoad(useCallback((signal: AbortSignal) => fetchGroupSizes(signal), []));
  const recipients = useLoad(useCallback((signal: AbortSignal) => fetchRecipients(group, signal), [group]));
  // The list keeps showing while it reloads (useLoad would blank it on every poll).
  const [campaigns, setCampaigns] = useState<Campaign[] | null>(null);
  const [campaignsFailed, setCampaignsFailed] = useState<string | null>(null);
  const [campaignsRound, setCampaignsRound] = useState(0);
  const reloadCampaigns = useCallback(() => setCampaignsRound((round) => round + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    fetchCampaigns(controller.signal).then(
      (list) => {
        setCampaigns(list);
        setCampaignsFailed(null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setCampaignsFailed(error instanceof Error ? error.message : String(error));
      },
    );
    return () => controller.abort();
  }, [campaignsRound]);
  const sending = campaigns?.some((campaign) => !campaign.finished) ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = setTimeout(reloadCampaigns, PROGRESS_POLL_MS);
    return () => clearTimeout(timer);
  }, [sending, campaigns, reloadCampaigns]);

  const preview = useMemo(() => renderMassEmailBody(body), [body]);
  const countOf = (name: string) => (sizes.state.phase === 'loaded' ? sizes.state.value.find((size) => size.group === name)?.recipients : undefined);
  const count = recipients.state.phase === 'loaded' ? recipients.state.value.count : null;

  /** The shared rules first (blank subject or body), so the message matches the server's. */
  function validRequest(isTest: boolean) {
    const parsed = sendEmailSchema.safeParse({ subject, body, recipientsGroup: group, isTest, idempotencyKey });
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]!.message);
      return null;
    }
    setRefusal(null);
    return parsed.data;
  }

  async function submit(isTest: boolean) {
    const request = validRequest(isTest);
    if (!request) return;
    setBusy(true);
    try {
      const answer = await sendEmail(request);
      showToast('success', answer.message);
      if (!isTest) {
        setIdempotencyKey(uuidv4());
        reloadCampaigns();
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setRefusal(message);
      showToast('error', message, TOAST_ERROR_TIMEOUT_MS);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <div className="admin-list">
      <h2 className="admin-page__heading">Mass e-mail</h2>
      <div className="mass-email">
        <form
          className="mass-email__form"
          aria-label="Mass e-mail"
          onSubmit={(event) => {
            event.preventDefault();
            if (validRequest(false)) setConfirming(true);
          }}
        >
          <label className="admin-list__control" htmlFor={`${id}-group`}>
            Recipients
            <select className="form-field__input" id={`${id}-group`} value={group} onChange={(event) => setGroup(event.target.value)}>
              {AUDIENCE_GROUPS.map((entry) => (
                <option key={entry.group} value={entry.group}>
                  {entry.group}
                  {countOf(entry.group) === undefined ? '' : ` (${countOf(entry.group)})`}
                </option>
              ))}
            </select>
          </label>
          <p className="admin-list__note">{AUDIENCE_GROUPS.find((entry) => entry.group === group)?.meaning}</p>
          {recipients.state.phase === 'loading' && <p className="admin-list__note">Loading...</p>}
          {recipients.state.phase === 'failed' && <p role="alert">{recipients.state.message}</p>}
          {recipients.state.phase === 'loaded' && (
            <p className="mass-email__recipients" data-testid="recipient-count">
              <strong>
                {recipients.state.value.count} {recipients.state.value.count === 1 ? 'recipient' : 'recipients'}
              </strong>
              {recipients.state.value.recipients.length > 0 &&
                `: ${recipients.state.value.recipients.map((recipient) => recipient.username ?? 'an erased account').join(', ')}${recipients.state.value.count > recipients.state.value.recipients.length ? ' …' : ''}`}
            </p>
          )}
          <label className="admin-list__control" htmlFor={`${id}-subject`}>
            Subject
            <input className="form-field__input" id={`${id}-subject`} value={subject} onChange={keepingAtMost(MASS_EMAIL_LIMITS.subject, setSubject)} />
          </label>
          <label className="admin-list__control" htmlFor={`${id}-body`}>
            Message (Markdown: **bold**, [a link](https://…), - lists)
            <textarea className="form-field__input" id={`${id}-body`} value={body} onChange={keepingAtMost(MASS_EMAIL_LIMITS.body, setBody)} />
          </label>
          {refusal && (
            <p className="admin-user__error" role="alert">
              {refusal}
            </p>
          )}
          <div className="mass-email__actions">
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void submit(true)}>
              Send test to me
            </button>
            <button type="submit" className="button button--primary" disabled={busy || count === 0}>
              {count === null ? 'Send' : `Send to ${count} ${count === 1 ? 'recipient' : 'recipients'}`}
            </button>
          </div>
        </form>
        <section className="mass-email__preview" aria-label="Preview">
          <p className="admin-list__note">Preview</p>
          <h3>{subject.trim() || 'Subject'}</h3>
          {/* markdown-it with raw HTML off: what the recipients' HTML part will show. */}
          <div className="mass-email__preview-body" dangerouslySetInnerHTML={{ __html: preview || '<p>Your message appears here.</p>' }} />
          <p className="mass-email__preview-footer">Every message ends with a link that turns update e-mails off.</p>
        </section>
      </div>

      <h3>Campaigns</h3>
      {campaignsFailed && <p role="alert">{campaignsFailed}</p>}
      {campaigns?.length === 0 && <p className="empty-state">No e-mails sent yet.</p>}
      {campaigns && campaigns.length > 0 && (
        <ul className="mass-email__campaigns" aria-label="Campaigns">
          {campaigns.map((campaign) => (
            <CampaignItem key={campaign.campaignId} campaign={campaign} />
          ))}
        </ul>
      )}

      <Modal
        open={confirming}
        title={MASS_EMAIL_MESSAGES.confirm}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void submit(false)}>
              Send
            </button>
          </>
        }
      >
        <p>
          “{subject.trim()}” to {count ?? 0} {count === 1 ? 'recipient' : 'recipients'} ({group}).
        </p>
      </Modal>
    </div>
  );
}

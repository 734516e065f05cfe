import { useCallback, useId, useMemo, useState } from 'react';

import { AUDIENCE_GROUPS } from '@domain/analytics/reports.js';
import { MASS_EMAIL_LIMITS, MASS_EMAIL_MESSAGES, renderMassEmailBody } from '@domain/mass-email/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { fetchGroupSizes, fetchRecipients } from '../mass-email-api.js';
import { useLoad } from '@/lib/use-load.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import { useMassEmailSend } from '../use-mass-email-send.js';
import { CampaignList, useCampaigns } from './MassEmailCampaigns.js';
import { MassEmailRecipients } from './MassEmailRecipients.js';
import './mass-email.css';

/** Mass e-mail: a group, its recipients, the message and its preview, a test to oneself, the campaign (after the spec's confirmation) and its progress. */
export function MassEmail() {
  const id = useId();
  const [group, setGroup] = useState<string>(AUDIENCE_GROUPS[0].group);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');

  const sizes = useLoad(useCallback((signal: AbortSignal) => fetchGroupSizes(signal), []));
  const recipients = useLoad(useCallback((signal: AbortSignal) => fetchRecipients(group, signal), [group]));
  const { campaigns, campaignsFailed, reloadCampaigns } = useCampaigns();
  const { confirming, setConfirming, busy, refusal, submit, askToConfirm } = useMassEmailSend({
    subject,
    body,
    group,
    onCampaignStarted: reloadCampaigns,
  });

  const count = recipients.state.phase === 'loaded' ? recipients.state.value.count : null;

  return (
    <div className="admin-list">
      <h2 className="admin-page__heading">Mass e-mail</h2>
      <div className="mass-email">
        <form
          className="mass-email__form"
          aria-label="Mass e-mail"
          onSubmit={(event) => {
            event.preventDefault();
            askToConfirm();
          }}
        >
          <MassEmailRecipients id={id} group={group} onGroup={setGroup} sizes={sizes.state} recipients={recipients.state} />
          <label className="admin-list__control" htmlFor={`${id}-subject`}>
            Subject
            <input
              className="form-field__input"
              id={`${id}-subject`}
              value={subject}
              onChange={keepingAtMost(MASS_EMAIL_LIMITS.subject, setSubject)}
            />
          </label>
          <label className="admin-list__control" htmlFor={`${id}-body`}>
            Message (Markdown: **bold**, [a link](https://…), - lists)
            <textarea
              className="form-field__input"
              id={`${id}-body`}
              value={body}
              onChange={keepingAtMost(MASS_EMAIL_LIMITS.body, setBody)}
            />
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
        <MassEmailPreview subject={subject} body={body} />
      </div>

      <CampaignList campaigns={campaigns} campaignsFailed={campaignsFailed} />

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

/** The message as the recipients' HTML part will show it. */
function MassEmailPreview({ subject, body }: { subject: string; body: string }) {
  const preview = useMemo(() => renderMassEmailBody(body), [body]);
  return (
    <section className="mass-email__preview" aria-label="Preview">
      <p className="admin-list__note">Preview</p>
      <h3>{subject.trim() || 'Subject'}</h3>
      {/* markdown-it with raw HTML off: what the recipients' HTML part will show. */}
      <div className="mass-email__preview-body" dangerouslySetInnerHTML={{ __html: preview || '<p>Your message appears here.</p>' }} />
      <p className="mass-email__preview-footer">Every message ends with a link that turns update e-mails off.</p>
    </section>
  );
}

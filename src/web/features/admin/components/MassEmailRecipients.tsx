import { AUDIENCE_GROUPS, type AudienceSize } from '@domain/analytics/reports.js';
import type { Loaded } from '@/lib/use-load.js';
import type { GroupRecipients } from '../mass-email-api.js';

interface MassEmailRecipientsProps {
  id: string;
  group: string;
  onGroup: (group: string) => void;
  sizes: Loaded<AudienceSize[]>;
  recipients: Loaded<GroupRecipients>;
}

/** The recipient group, with each group's size, what it means, and who is in the chosen one. */
export function MassEmailRecipients({ id, group, onGroup, sizes, recipients }: MassEmailRecipientsProps) {
  const countOf = (name: string) => (sizes.phase === 'loaded' ? sizes.value.find((size) => size.group === name)?.recipients : undefined);
  return (
    <>
      <label className="admin-list__control" htmlFor={`${id}-group`}>
        Recipients
        <select className="form-field__input" id={`${id}-group`} value={group} onChange={(event) => onGroup(event.target.value)}>
          {AUDIENCE_GROUPS.map((entry) => (
            <option key={entry.group} value={entry.group}>
              {entry.group}
              {countOf(entry.group) === undefined ? '' : ` (${countOf(entry.group)})`}
            </option>
          ))}
        </select>
      </label>
      <p className="admin-list__note">{AUDIENCE_GROUPS.find((entry) => entry.group === group)?.meaning}</p>
      {recipients.phase === 'loading' && <p className="admin-list__note">Loading...</p>}
      {recipients.phase === 'failed' && <p role="alert">{recipients.message}</p>}
      {recipients.phase === 'loaded' && (
        <p className="mass-email__recipients" data-testid="recipient-count">
          <strong>
            {recipients.value.count} {recipients.value.count === 1 ? 'recipient' : 'recipients'}
          </strong>
          {recipients.value.recipients.length > 0 &&
            `: ${recipients.value.recipients.map((recipient) => recipient.username ?? 'an erased account').join(', ')}${recipients.value.count > recipients.value.recipients.length ? ' …' : ''}`}
        </p>
      )}
    </>
  );
}

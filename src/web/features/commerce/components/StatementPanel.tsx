import { useEffect, useState, type FormEvent } from 'react';
import { RECEIVED_BY_TEXT, STATEMENT_KIND_LABELS, STATEMENT_MESSAGES, type Statement } from '@domain/commerce/statement.js';
import { userMessageOf } from '@/lib/api-client.js';
import { fetchStatement, statementCsvUrl, type StatementQuery } from '../statement-api.js';

const LINE_DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const amountText = (amount: number, currency: string) => `${amount < 0 ? '−' : ''}${Math.abs(amount).toFixed(2)} ${currency}`;

/** This month so far, as the form first shows it. */
function thisMonth(now = new Date()): StatementQuery {
  const today = now.toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The Statement section of /sales: a period's lines with the event each comes from, totals, and the CSV. Loaded when opened. */
export default function StatementPanel() {
  const [query, setQuery] = useState<StatementQuery>(thisMonth);
  const [shown, setShown] = useState<StatementQuery>(query);
  const [statement, setStatement] = useState<Statement | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    fetchStatement(shown, controller.signal).then(setStatement, (failure: unknown) => {
      if (!controller.signal.aborted) setError(userMessageOf(failure, STATEMENT_MESSAGES.loadFailed));
    });
    return () => controller.abort();
  }, [shown]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown({ ...query });
  };

  return (
    <div className="sales-statement">
      <form className="sales-statement__form" onSubmit={submit}>
        <label>
          From <input type="date" required value={query.from} onChange={(event) => setQuery({ ...query, from: event.target.value })} />
        </label>
        <label>
          To <input type="date" required value={query.to} onChange={(event) => setQuery({ ...query, to: event.target.value })} />
        </label>
        <label>
          As of (optional){' '}
          <input type="date" value={query.asOf ?? ''} onChange={(event) => setQuery({ ...query, asOf: event.target.value || undefined })} />
        </label>
        <button type="submit" className="button button--secondary">
          Show
        </button>
        <a className="button button--ghost" href={statementCsvUrl(shown)} download="statement.csv">
          Download CSV
        </a>
      </form>
      {error !== null && <p role="alert">{error}</p>}
      {statement !== null && error === null && <StatementTable statement={statement} />}
    </div>
  );
}

function StatementTable({ statement }: { statement: Statement }) {
  if (statement.lines.length === 0) return <p className="muted">No sales, fees or refunds in this period.</p>;
  return (
    <>
      <table className="sales-statement__lines">
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">What</th>
            <th scope="col">Post</th>
            <th scope="col">Amount</th>
            <th scope="col">Where the money is</th>
            <th scope="col">Event</th>
          </tr>
        </thead>
        <tbody>
          {statement.lines.map((line) => (
            <tr key={`${line.position}-${line.kind}`}>
              <td>
                <time dateTime={line.at}>{LINE_DATE.format(new Date(line.at))}</time>
              </td>
              <td>
                {STATEMENT_KIND_LABELS[line.kind]}
                {line.rule !== undefined && <small className="muted"> · {line.rule}</small>}
              </td>
              <td>{line.title}</td>
              <td className="sales-statement__amount">{amountText(line.amount, line.currency)}</td>
              <td>{RECEIVED_BY_TEXT[line.receivedBy]}</td>
              <td>#{line.position}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="sales-statement__totals" aria-label="Statement totals">
        {statement.totals.map((total) => (
          <li key={total.currency}>
            Sales {amountText(total.sales, total.currency)} · Platform fees {amountText(total.platformFees, total.currency)} · Refunds{' '}
            {amountText(total.refunds, total.currency)} · <strong>Net {amountText(total.net, total.currency)}</strong>
            {total.owedByPlatform !== 0 && ` · of which Tessera owes you ${amountText(total.owedByPlatform, total.currency)} (PayPal)`}
          </li>
        ))}
      </ul>
    </>
  );
}

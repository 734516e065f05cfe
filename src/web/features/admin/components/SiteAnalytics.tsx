import { useCallback } from 'react';
import { Link } from 'react-router';
import { Line } from 'react-chartjs-2';

import { RECENT_USERS_MESSAGES, SITE_COUNTER_LABELS } from '@domain/analytics/portal.js';
import { SITE_COUNTER_NAMES } from '@domain/analytics/reports.js';
import { userProfilePath } from '@/lib/paths.js';
import { formatDateTime } from '@/lib/date-time.js';
import { fetchRecentUsers, fetchSiteCounters, fetchTrend } from '../analytics-api.js';
import { CHART_COLOURS } from '../charts.js';
import { useLoad } from '@/lib/use-load.js';

/** Site analytics: the 12 counters, how posts, users and comments grew, and the newest accounts. */
export function SiteAnalytics({ adminId }: { adminId: string }) {
  const counters = useLoad(useCallback((signal: AbortSignal) => fetchSiteCounters(adminId, signal), [adminId])).state;
  const trend = useLoad(fetchTrend).state;
  const recent = useLoad(fetchRecentUsers).state;

  return (
    <div className="admin-stats">
      <h2 className="admin-page__heading">Site analytics</h2>
      {counters.phase === 'loading' && <p className="admin-list__note">Loading...</p>}
      {counters.phase === 'failed' && <p role="alert">{counters.message}</p>}
      {counters.phase === 'loaded' && (
        <ul className="admin-counters" aria-label="Site counters">
          {SITE_COUNTER_NAMES.map((name) => (
            <li key={name} className="admin-counter" data-counter={name}>
              <span className="admin-counter__value">{counters.value[name].toLocaleString('en-US')}</span>
              <span className="admin-counter__label">{SITE_COUNTER_LABELS[name]}</span>
            </li>
          ))}
        </ul>
      )}

      <h2 className="admin-page__heading">Counters over the last 30 days</h2>
      {trend.phase === 'loading' && <p className="admin-list__note">Loading...</p>}
      {trend.phase === 'failed' && <p role="alert">{trend.message}</p>}
      {trend.phase === 'loaded' && (
        <div className="admin-chart">
          <Line
            aria-label="Total posts, users and comments at the end of each of the last 30 days"
            role="img"
            options={{
              responsive: true,
              maintainAspectRatio: false,
              interaction: { mode: 'index', intersect: false },
              scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
            }}
            data={{
              labels: trend.value.map((day) => day.day.slice(5)),
              datasets: [
                {
                  label: 'Posts',
                  data: trend.value.map((day) => day.totalPosts),
                  borderColor: CHART_COLOURS.brand,
                  backgroundColor: CHART_COLOURS.brand,
                },
                {
                  label: 'Users',
                  data: trend.value.map((day) => day.totalUsers),
                  borderColor: CHART_COLOURS.accent,
                  backgroundColor: CHART_COLOURS.accent,
                },
                {
                  label: 'Comments',
                  data: trend.value.map((day) => day.totalComments),
                  borderColor: CHART_COLOURS.ink,
                  backgroundColor: CHART_COLOURS.ink,
                },
              ],
            }}
          />
        </div>
      )}

      <h2 className="admin-page__heading">Recent users</h2>
      {recent.phase === 'loading' && <p className="admin-list__note">Loading...</p>}
      {recent.phase === 'failed' && <p role="alert">{RECENT_USERS_MESSAGES.failed}</p>}
      {recent.phase === 'loaded' && (
        <ul className="admin-recent-users" aria-label="Recent users">
          {recent.value.map((user) => (
            <li key={user._id}>
              {user.erased ? <span>Deleted account</span> : <Link to={userProfilePath(user.username)}>{user.username}</Link>}
              <span className="admin-list__note">
                {user.lvl} · {user.verification} · joined {formatDateTime(user._dateCreated)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

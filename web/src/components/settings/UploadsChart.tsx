import { Clock } from 'lucide-react';
import type { StatisticsDto } from '../../../../src/http/api-types';
import { localeOf, useHostT, useLanguage } from '../../i18n';

/** Bar geometry in viewBox units: the SVG scales to the panel's width, the bars stay in proportion. */
const BAR = 10;
const GAP = 2;
const HEIGHT = 60;
/** A night of a few hours still draws narrow bars: the chart is at least this many hours wide. */
const MIN_SLOTS = 12;

/**
 * Uploads per hour of the event (the server's `uploads_per_hour`: every hour from the first upload to the
 * last, empty ones included), as a small SVG bar chart: no chart library for a dozen rectangles.
 * The first and last hour stand under it in local time; every bar names its hour and count for screen readers.
 */
export function UploadsChart({ hours, heading }: { hours: StatisticsDto['uploads_per_hour']; heading: 'h2' | 'h3' }) {
  const h = useHostT();
  const locale = localeOf(useLanguage());
  const Heading = heading;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const day = (iso: string) => new Date(iso).toLocaleDateString(locale, { weekday: 'short', day: 'numeric', month: 'numeric' });
  const most = Math.max(1, ...hours.map((x) => x.count));
  const width = Math.max(hours.length, MIN_SLOTS) * (BAR + GAP) - GAP;
  const first = hours[0];
  const last = hours.at(-1);
  return (
    <section className="hx-panel hx-chart" aria-labelledby="chart-title">
      <Heading className="hx-panel__title" id="chart-title">
        <Clock size={18} aria-hidden="true" /> {h.uploadsPerHour}
      </Heading>
      {!first || !last ? (
        <p className="hx-empty-inline">{h.noStats}</p>
      ) : (
        <>
          <svg
            className="hx-chart__svg"
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={h.uploadsPerHour}
            data-testid="uploads-chart"
          >
            {hours.map((x, i) => {
              const barHeight = x.count === 0 ? 0 : Math.max(2, (x.count / most) * HEIGHT);
              return (
                <rect key={x.hour} x={i * (BAR + GAP)} y={HEIGHT - barHeight} width={BAR} height={barHeight} rx={1.5} data-count={x.count}>
                  <title>{h.hourBar(`${day(x.hour)} ${time(x.hour)}`, x.count)}</title>
                </rect>
              );
            })}
          </svg>
          {/* as wide as the bars, so the last hour's time stands under its bar */}
          <div
            className="hx-chart__axis hx-small hx-muted"
            style={{ width: `${((hours.length * (BAR + GAP) - GAP) / width) * 100}%` }}
            aria-hidden="true"
          >
            <span>{`${day(first.hour)} ${time(first.hour)}`}</span>
            {hours.length > 1 && <span>{time(last.hour)}</span>}
          </div>
        </>
      )}
    </section>
  );
}

import { useDeviceValue } from '../../lib/device-value';
import { longDate } from '../../../contract/festival-time';
import { useFestival } from '../../lib/festival';
import { festivalDayOf } from '../../lib/festival-day';
import './print.css';

/**
 * On paper only: the festival's name, its date, the web address of the schedule and a QR code
 * to it, so a printed sheet on a porch leads people to the live schedule.
 */
export function PrintHeader() {
  const { data: festival } = useFestival();
  // The page's own address; on the server, which draws the page first (docs/decisions/0048), the
  // path alone until the browser has taken the page over.
  const origin = useDeviceValue(unchanging, readOrigin, '');
  if (!festival) return null;
  const url = `${origin}/schedule`;
  const day = festivalDayOf(festival);
  return (
    <div className="print-header" data-testid="print-header">
      <div>
        <p className="print-header-name">
          {festival.name} {festival.year}
        </p>
        <p className="print-header-date">{longDate(day.date)}</p>
        <p className="print-header-url">{url}</p>
      </div>
      {/* Drawn by the server (server/web/schedule-qr.ts) for the festival's public address: no
          QR library in the page's script, and the image is fetched with the page, so even a
          first print has it. */}
      <img className="print-qr" src="/schedule-qr.png" alt={`QR code: ${url}`} />
    </div>
  );
}

const unchanging = () => () => {};
const readOrigin = () => window.location.origin;

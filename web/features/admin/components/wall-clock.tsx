import Form from 'react-bootstrap/Form';
import type { FormControlProps } from 'react-bootstrap/FormControl';
import { zonedDate, zonedInstant } from '../../../../contract/festival-time';

/** An instant as the festival's wall clock, 'YYYY-MM-DDTHH:MM', for a datetime-local field. */
export function wallTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
  return `${zonedDate(Date.parse(iso), timeZone)}T${parts}`;
}

/** A datetime-local value ('YYYY-MM-DDTHH:MM', the festival's wall clock) as an ISO instant. */
export function instantOf(value: string, timeZone: string): string | null {
  const [date = '', time = ''] = value.split('T');
  if (!date || !time) return null;
  return new Date(zonedInstant(date, time.slice(0, 5), timeZone)).toISOString();
}

/** A required datetime-local field on the festival's wall clock, its label naming the zone. */
export function WallClockField({
  id,
  label,
  timeZone,
  ...control
}: FormControlProps & { id: string; label: string; timeZone: string }) {
  return (
    <>
      <Form.Label htmlFor={id}>
        {label} ({timeZone})
      </Form.Label>
      <Form.Control id={id} type="datetime-local" required {...control} />
    </>
  );
}

import { ComingSoon } from '../../../components/ui/coming-soon';
import { useFestival } from '../../../lib/festival';

export function EventPage() {
  const { data: festival } = useFestival();
  return <ComingSoon title={festival ? `${festival.name} ${festival.year}` : 'Event'} />;
}

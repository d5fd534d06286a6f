import { useFestival } from '../../lib/festival';

export function Logo({ size = 96 }: { size?: number }) {
  const { data: festival } = useFestival();
  return (
    <img
      src="/images/logo.svg"
      width={size}
      height={size}
      alt={festival ? `${festival.name} logo` : 'Festival logo'}
      className="d-block mx-auto mb-3"
    />
  );
}

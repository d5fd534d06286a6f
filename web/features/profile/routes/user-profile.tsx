import { ComingSoon } from '../../../components/ui/coming-soon';

export const UserProfile = () => <ComingSoon title="User profile" />;

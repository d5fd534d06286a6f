import { ComingSoon } from '../../../components/ui/coming-soon';

export const Faq = () => <ComingSoon title="FAQ" />;

import { useNavigate } from 'react-router';
import { MyEntries } from '../../../components/catalogue/my-entries';
import { FIRST_PAGE } from '../../../lib/list-query';
import { hasRole } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useActs } from '../api/get-acts';
import { ActCard } from '../components/act-card';
import { ActSuggestionsDisclosure } from '../components/owner-act-suggestions';
import { SetUpTimes } from '../components/set-up-times';

export const MY_ACTS_EMPTY = 'You have not created any acts yet. Use the New Act button to create an act.';

/** docs/behaviour.md#my-acts-and-my-venues: /myacts, the signed-in performer's own acts. */
export function MyActs() {
  const user = useSession();
  const navigate = useNavigate();
  const allowed = hasRole(user, 'performer');
  const acts = useActs({ ...FIRST_PAGE, creator_id: user?.id }, { enabled: allowed && user !== null });
  return (
    <MyEntries
      title="My Acts"
      create={{ to: '/acts/new', label: 'New Act' }}
      user={user}
      allowed={allowed}
      entries={acts}
      intro="The acts you have registered. Each shows whether a host has scheduled it yet, and where and when it plays."
      empty={MY_ACTS_EMPTY}
      listLabel="My acts"
    >
      {(act) => (
        <ActCard act={act} onDeleted={() => void navigate('/acts')}>
          <SetUpTimes act={act} />
          <ActSuggestionsDisclosure act={act} />
        </ActCard>
      )}
    </MyEntries>
  );
}

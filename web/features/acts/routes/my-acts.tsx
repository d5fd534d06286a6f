import { MyEntries } from '../../../components/catalogue/my-entries';
import { useActs } from '../api/get-acts';
import { ActCard } from '../components/act-card';
import { ActSuggestionsDisclosure } from '../components/owner-act-suggestions';
import { SetUpTimes } from '../components/set-up-times';

const INTRO =
  'The acts you have registered. Each shows whether a host has scheduled it yet, and where and when it plays.';
export const MY_ACTS_EMPTY = 'You have not created any acts yet. Use the New Act button to create an act.';

/** docs/behaviour.md#my-acts-and-my-venues: /myacts, the signed-in performer's own acts. */
export function MyActs() {
  return (
    <MyEntries kind="Act" useEntries={useActs} intro={INTRO} empty={MY_ACTS_EMPTY}>
      {(act, toList) => (
        <ActCard act={act} onDeleted={toList}>
          <SetUpTimes act={act} />
          <ActSuggestionsDisclosure act={act} />
        </ActCard>
      )}
    </MyEntries>
  );
}

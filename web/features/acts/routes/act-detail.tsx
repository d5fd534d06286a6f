import { EntryPage } from '../../../components/catalogue/entry-page';
import { OfflineAct } from '../../offline/from-schedule';
import { useAct } from '../api/get-acts';
import { ActCard } from '../components/act-card';
import { OwnerActSuggestions } from '../components/owner-act-suggestions';
import { AdminModerationPanel } from '../../admin/components/admin-moderation-panel';
import { ReceivedMessages } from '../../messages/components/received-messages';

/** docs/behaviour.md#venue-and-act-cards: /acts/{actId}, one act's card on a page of its own. */
export function ActDetail() {
  return (
    <EntryPage kind="Act" useEntry={useAct} title={(a) => a.name} offline={(id) => <OfflineAct id={id} />}>
      {(a, toList) => (
        <>
          <ActCard act={a} headingLevel={1} linkToDetail={false} onDeleted={toList} />
          {/* Its owner (and admins) see the porches that fit it, once the app knows who they are. */}
          <OwnerActSuggestions act={a} />
          <AdminModerationPanel kind="act" id={a.id} name={a.name} hidden={a.hidden} />
          {/* The owner (and admins) see the messages people sent about it. */}
          <ReceivedMessages entityType="act" entityId={a.id} ownerId={a.creator_id} />
        </>
      )}
    </EntryPage>
  );
}

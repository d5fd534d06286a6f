import { EntryFormRoute } from '../../../components/catalogue/entry-form-route';
import { useCreateAct } from '../api/create-act';
import { useAct } from '../api/get-acts';
import { useUpdateAct } from '../api/update-act';
import { ActFormView, actFormValues } from '../components/act-form-view';

/** docs/behaviour.md#venue-and-act-forms: /acts/new and /acts/{actId}/edit. */
export function ActForm() {
  return (
    <EntryFormRoute kind="Act" useEntry={useAct} useCreate={useCreateAct} useUpdate={useUpdateAct}>
      {(form, act) => <ActFormView {...form} defaultValues={actFormValues(act)} />}
    </EntryFormRoute>
  );
}

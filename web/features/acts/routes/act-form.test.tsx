import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ActMessages } from '../../../../contract/acts';
import { AuthServerMessages } from '../../../../contract/auth';
import { REQUIRED } from '../../../../contract/forms';
import { saveSession } from '../../../lib/session';
import { createAct } from '../../../test/catalogue';
import { renderApp, signUp } from '../../../test/render-app';
import { descriptionEditor, fieldGroup, submitEmptyForm } from '../../../test/entry-forms';

describe('/acts/new', () => {
  test('an empty form shows every validation message beside its field and sends nothing', async () => {
    const calls = await submitEmptyForm('performer', 'Pia Performer', '/acts/new', 'New Act', 'Create Act');

    const name = screen.getByRole('textbox', { name: /^Act name/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(REQUIRED);
    expect(await descriptionEditor()).toHaveAccessibleDescription(REQUIRED);
    expect(fieldGroup('Act size')).toHaveAccessibleDescription(REQUIRED);
    expect(fieldGroup('Preferred slots')).toHaveAccessibleDescription(ActMessages.slotRequired);
    expect(fieldGroup('Sound system')).toHaveAccessibleDescription(REQUIRED);
    expect(fieldGroup('Are you available on the rain date')).toHaveAccessibleDescription(REQUIRED);
    // Optional (docs/behaviour.md#validation) and defaulted (docs/behaviour.md#entities): no
    // message.
    expect(screen.getByRole('textbox', { name: /^Venue preference/ })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('combobox', { name: /^Genre/ })).not.toHaveAttribute('aria-invalid');
    // The first invalid field takes the focus.
    expect(name).toHaveFocus();
    expect(calls().filter((c) => c.startsWith('POST'))).toEqual([]);
  }, 30_000);

  test('a new act starts as americana, with the genre and sound-system labels of the contract', async () => {
    saveSession(await signUp(['performer']));
    renderApp('/acts/new');
    const genre = await screen.findByRole('combobox', { name: /^Genre/ });
    expect(genre).toHaveValue('americana');
    expect(within(genre).getAllByRole('option')).toHaveLength(21);
    expect(within(genre).getByRole('option', { name: 'Hip Hop' })).toHaveValue('hiphop');
    expect(within(fieldGroup('Act size')).getByRole('radio', { name: '4+ persons' })).toBeInTheDocument();
    expect(within(fieldGroup('Sound system')).getAllByRole('radio')).toHaveLength(4);
  });

  test('a host who is not a performer is not allowed to create an act', async () => {
    saveSession(await signUp(['host']));
    renderApp('/acts/new');
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthServerMessages.forbidden);
    expect(screen.queryByRole('button', { name: 'Create Act' })).not.toBeInTheDocument();
  });
});

describe('/acts/:id/edit', () => {
  test('the owner gets the form filled in with the act', async () => {
    const owner = await signUp(['performer']);
    const act = await createAct(owner, { name: 'Brass Foxes', type: 'brass', preferred_slots: ['Slot 3'] });
    saveSession(owner);
    renderApp(`/acts/${act.id}/edit`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Act' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Act name/ })).toHaveValue('Brass Foxes');
    expect(screen.getByRole('combobox', { name: /^Genre/ })).toHaveValue('brass');
    await waitFor(() =>
      expect(within(fieldGroup('Preferred slots')).getByRole('checkbox', { name: /^Slot 3/ })).toBeChecked(),
    );
    expect(screen.getByRole('button', { name: 'Save Act' })).toBeInTheDocument();
  });

  test('another performer sees "You are not allowed to perform this action."', async () => {
    const act = await createAct(await signUp(['performer']));
    saveSession(await signUp(['performer']));
    renderApp(`/acts/${act.id}/edit`);
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthServerMessages.forbidden);
    expect(screen.queryByRole('textbox', { name: /^Act name/ })).not.toBeInTheDocument();
  });
});

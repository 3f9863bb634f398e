import { useState } from 'react';
import { Gamepad2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectFreePlayError, selectIsStarting } from '@machines/auth/free-play.selectors';
import { FormAlert } from '@client/components/form';
import { createFreePlayLogic } from '../auth.actors';
import { FreePlayProvider, useFreePlayRef, useFreePlaySelector } from '../auth.context';
import { useErrorText } from '@client/components/use-error-text';
import { useFlowDeps } from '@client/state/flow-deps';
import { actorOptions } from '@client/lib/actor-inspection';

function StartButton() {
  const { t } = useTranslation('auth');
  const { flowError } = useErrorText();
  const freePlay = useFreePlayRef();
  const starting = useFreePlaySelector(selectIsStarting);
  const error = useFreePlaySelector(selectFreePlayError);
  return (
    <div className="free-play">
      {error && <FormAlert>{flowError(error)}</FormAlert>}
      <button type="button" className="button button--outline free-play__button" disabled={starting} aria-busy={starting} onClick={() => freePlay.send({ type: 'freePlay.start' })}>
        <Gamepad2 aria-hidden size={18} />
        {starting ? t('freePlay.starting') : t('freePlay.start')}
      </button>
    </div>
  );
}

/** The free demo (AUTH-42, AUTH-43; FREEPLAY3): a trial session, then `/`, leaving the popup it is in. */
export function FreePlayButton({ close }: { close: () => void }) {
  const deps = useFlowDeps(close);
  const [logic] = useState(() => createFreePlayLogic(deps));
  return (
    <FreePlayProvider logic={logic} options={actorOptions}>
      <StartButton />
    </FreePlayProvider>
  );
}

import { useCallback } from 'react';
import { checkSlidePuzzle, getSlidePuzzle } from './account.api';
import { type SlideRelease, SlideVerify } from './SlideVerify';
import { LOGIN_DIALOG_PUZZLE } from './slide-verify-logic';

/** How long the solved puzzle stays in view before the form comes back. */
export const PASSED_PUZZLE_LINGER_MS = 600;

/** The slide puzzle over the registry and find-password forms; a pass yields the ticket an SMS code needs. */
export function PuzzleOverlay({
  phone,
  onPass,
  onFail,
  onClose,
}: {
  phone: string;
  onPass: (ticket: string) => void;
  onFail: () => void;
  onClose: () => void;
}) {
  const load = useCallback(
    (signal: AbortSignal) =>
      getSlidePuzzle({ height: LOGIN_DIALOG_PUZZLE.height, accuracy: LOGIN_DIALOG_PUZZLE.accuracy }, signal),
    [],
  );
  const check = useCallback((release: SlideRelease) => checkSlidePuzzle({ ...release, phone }), [phone]);
  return (
    <div className="lt-login-puzzle">
      <SlideVerify
        width={LOGIN_DIALOG_PUZZLE.width}
        height={LOGIN_DIALOG_PUZZLE.height}
        loadPuzzle={load}
        checkPuzzle={check}
        onSuccess={({ ticket }) => onPass(ticket)}
        onFail={onFail}
        onAgain={onFail}
        onClose={onClose}
      />
    </div>
  );
}

/**
 * The pure rules of the slide-puzzle widget (spec §3 "Slide-verify props", §4 "Slide-verify", §9).
 * The server draws the puzzle and judges the release (the tolerance, clamped 1–10, is its business:
 * the widget's owner asks for one when it fetches a puzzle); these rules only move the piece.
 */

export const SLIDE_DEFAULTS = { width: 336, height: 155, blockSize: 42, radius: 10, accuracy: 5 } as const;
/** The login dialog's puzzle (spec §4 "Slide-verify"). */
export const LOGIN_DIALOG_PUZZLE = { width: 336, height: 180, accuracy: 2 } as const;
/** The draggable handle on the track, in CSS pixels. */
export const SLIDER_SIZE = 40;

/**
 * Where a handle offset puts the piece, in picture pixels. The handle runs the track (display width
 * minus the handle); the piece runs the picture (picture width minus the piece), so the piece never
 * leaves the picture however the widget is scaled.
 */
export function pieceXFor(handleX: number, trackWidth: number, pictureWidth: number, pieceWidth: number): number {
  const handleRange = trackWidth - SLIDER_SIZE;
  if (handleRange <= 0) return 0;
  return (handleX / handleRange) * Math.max(0, pictureWidth - pieceWidth);
}

/** Spec §4: a move that would take the handle before the start or past the track end is ignored. */
export function withinTrack(handleX: number, trackWidth: number): boolean {
  return handleX >= 0 && handleX <= trackWidth - SLIDER_SIZE;
}

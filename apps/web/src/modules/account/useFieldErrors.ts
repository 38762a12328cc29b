import { useCallback, useState } from 'react';

/** Per-field error texts of a form; a field's error clears when it gets focus (spec §4, §5). */
export function useFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const clear = useCallback((field: F) => {
    setErrors((prev) => {
      if (prev[field] === undefined) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);
  const set = useCallback((field: F, message: string | null) => {
    setErrors((prev) => {
      const next = { ...prev };
      if (message === null) delete next[field];
      else next[field] = message;
      return next;
    });
  }, []);
  return { errors, setErrors, clear, set };
}

/** antd Form.Item props for a field's error. */
export function fieldStatus(message: string | undefined) {
  return message === undefined ? {} : { validateStatus: 'error' as const, help: message };
}

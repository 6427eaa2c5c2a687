import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The dialog loads on the first tap: the events list opens without it.
const ImportRoundsDialog = lazy(() => import('./import-rounds-dialog.tsx').then((module) => ({ default: module.ImportRoundsDialog })));

/** Events' "Import rounds" (for golfers): opens the import dialog. */
export function ImportRoundsButton() {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="default"
        h={44}
        leftSection={<IconFileImport size={18} aria-hidden />}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        Import rounds
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ImportRoundsDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

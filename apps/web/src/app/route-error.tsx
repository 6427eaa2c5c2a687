import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** The last resort when a page throws: say so inside the app and offer a reload. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('A page failed', error), [error]);
  return (
    <Container component="main" size="sm" py="xl" id="main-content">
      <Stack>
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text>This page ran into a problem. Reloading usually helps.</Text>
        <div>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </div>
      </Stack>
    </Container>
  );
}

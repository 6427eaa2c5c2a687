import { Center, Loader } from '@mantine/core';

/** A page (or the session) is on its way. */
export function RouteLoading() {
  return (
    <Center mih={200}>
      <Loader aria-label="Loading" />
    </Center>
  );
}

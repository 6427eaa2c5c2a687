import { StatsPage } from '../components/stats-page.tsx';

// Being built (issue 8); replaced by the real page before this lands.
export default function Page() {
  return <StatsPage title="Putting">{null}</StatsPage>;
}

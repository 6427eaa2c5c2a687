// The World Handicap System index of a player's rated rounds (see the golf README, "Handicap index").
export * from './whs-rules.ts';
export * from './handicap-index.ts';

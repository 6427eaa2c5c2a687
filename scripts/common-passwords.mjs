#!/usr/bin/env node
// Writes apps/web/src/features/account/common-passwords/common-passwords.json: the 1,000 most common passwords of
// zxcvbn's list (@zxcvbn-ts/language-common, most common first), which the password forms check on the
// device at once while the server's full judgement is on its way (or when there is no network).
// Run it after upgrading @zxcvbn-ts/language-common; a web unit test fails when the file is out of date.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORDS_KEPT = 1000;
const out = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/src/features/account/common-passwords/common-passwords.json');
writeFileSync(out, `${JSON.stringify(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_KEPT))}\n`);
console.log(`wrote ${out}`);

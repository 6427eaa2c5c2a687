import type { AppLinksConfig } from '../../config.ts';

/**
 * The documents that let the phone apps open links to the product's host (Android App Links,
 * iOS Universal Links). Each platform checks its file at https://<host>/.well-known/ before it
 * hands such a link to the app instead of the browser.
 */

/** Android: this site lets the app of that package, signed with one of those certificates, handle all its URLs. */
export function assetLinks(android: NonNullable<AppLinksConfig['android']>) {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: android.packageName, sha256_cert_fingerprints: android.fingerprints },
    },
  ];
}

/**
 * iOS: the app (team id + bundle id) opens every path of the site but the API's, which a link
 * never means to show in the app.
 */
export function appleAppSiteAssociation(ios: NonNullable<AppLinksConfig['ios']>) {
  return {
    applinks: {
      details: [
        {
          appIDs: [ios.appId],
          components: [
            { '/': '/v4/*', exclude: true, comment: 'The API' },
            { '/': '*', comment: 'Every page of the app' },
          ],
        },
      ],
    },
  };
}

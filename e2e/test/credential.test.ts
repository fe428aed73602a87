/**
 * The verifiable credential's journey: the demo graduate downloads the certificate as a verifiable credential; anyone checks
 * that file on /verify (and a changed copy fails); once an admin revokes it, /verify says revoked.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browser, DEMO, mustCallApi, openPage, signIn, site, tokenFor, useSite } from './harness';

useSite();

const GRADUATE = { email: 'graduate@btls-demo.rw', password: 'graduate-demo-2026' };

describe('a verifiable credential', () => {
  it('downloads from the certificate page, checks on /verify, fails when changed, and shows as revoked once revoked', async () => {
    const [certificate] = await mustCallApi(site, '/certificates/user', { token: await tokenFor(site, GRADUATE) });
    const code: string = certificate.certificateCode;

    // The graduate downloads the credential from the certificate page.
    const graduate = await openPage(browser);
    await signIn(graduate.page, site.base, GRADUATE);
    await graduate.page.waitForURL(`${site.base}/dashboard`);
    await graduate.page.goto(`${site.base}/certificate/${code}`);
    const [download] = await Promise.all([
      graduate.page.waitForEvent('download'),
      graduate.page.getByRole('link', { name: 'Download verifiable credential' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${code}.json`);
    const folder = mkdtempSync(join(tmpdir(), 'btls-vc-'));
    const file = join(folder, download.suggestedFilename());
    await download.saveAs(file);
    const credential = JSON.parse(readFileSync(file, 'utf8'));
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    const linkedIn = await graduate.page.getByRole('link', { name: 'Add to LinkedIn profile' }).getAttribute('href');
    expect(linkedIn).toContain(`certId=${code}`);
    expect(graduate.errors).toEqual([]);

    // Anyone: /verify/{code} checks the certificate's own credential, then the file they were sent.
    const visitor = await openPage(browser, 390);
    await visitor.page.goto(`${site.base}/verify/${code}`);
    await visitor.page.getByText('This is a genuine certificate issued by BTLS Coffee Training Centre.').waitFor();
    await visitor.page.getByText('Signature valid').waitFor();
    await visitor.page.getByText('Valid, not revoked').waitFor();

    const changed = join(folder, 'changed.json');
    writeFileSync(
      changed,
      JSON.stringify({
        ...credential,
        credentialSubject: { ...credential.credentialSubject, name: `${credential.credentialSubject.name}s` },
      }),
    );
    await visitor.page.getByLabel(/Drop a .json credential here/).setInputFiles(changed);
    await visitor.page.getByText(/The signature does not match/).waitFor();
    expect(await visitor.page.getByText('Signature valid').count()).toBe(0);

    await visitor.page.getByLabel(/Drop a .json credential here/).setInputFiles(file);
    await visitor.page.getByText('Signature valid').waitFor();
    await visitor.page.getByText(credential.credentialSubject.name, { exact: true }).first().waitFor();

    // An admin revokes it: the same file now checks as revoked, and the page says so.
    await mustCallApi(site, `/certificates/${code}/revoke`, {
      method: 'POST',
      token: await tokenFor(site, DEMO.admin),
      body: { reason: 'Demo: revoked by the journey.' },
    });
    await visitor.page.reload();
    await visitor.page.getByText('This certificate has been revoked by the training centre.').first().waitFor();
    await visitor.page.getByText('Revoked', { exact: true }).first().waitFor();
    expect(await visitor.page.getByText(/This is a genuine certificate/).count()).toBe(0);
    expect(visitor.errors).toEqual([]);
  });
});

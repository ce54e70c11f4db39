<#
Signs Windows programs with signtool: SHA-256, timestamped (RFC 3161), then verified.
One script for every signature Bridge's installer carries: the installers workflow signs
Bridge.exe and bridge-cli.exe with it, and Inno Setup calls it (SignTool=bridgesign) for
the setup and the uninstaller it writes.

    pwsh packaging/windows/sign.ps1 FILE...

New code-signing certificates come on hardware or in a signing service, never as a .pfx
file, so the key is used where it lives. BRIDGE_SIGN_MODE says where:

  trusted-signing   Azure Trusted Signing (the key stays in the service). Needs
                    AZURE_TENANT_ID, AZURE_CLIENT_ID and AZURE_CLIENT_SECRET (an app
                    registration with the "Trusted Signing Certificate Profile Signer" role),
                    TRUSTED_SIGNING_ENDPOINT (e.g. https://weu.codesigning.azure.net),
                    TRUSTED_SIGNING_ACCOUNT, TRUSTED_SIGNING_PROFILE, and
                    TRUSTED_SIGNING_DLIB: the path of Azure.CodeSigning.Dlib.dll (bin\x64)
                    from the Microsoft.ArtifactSigning.Client NuGet package (the service is
                    now named Artifact Signing; the workflow pins the client's version).
  store             a certificate in the Windows certificate store, whose key a hardware
                    token's or a cloud HSM's key storage provider holds (the provider's own
                    set-up puts the certificate there), chosen by WINDOWS_CERT_THUMBPRINT
                    (its SHA-1 thumbprint). SIGN_TIMESTAMP_URL overrides the timestamp server.

Exits non-zero, naming what is missing, when a setting or a signature is wrong.
#>
param(
    [Parameter(Mandatory = $true, ValueFromRemainingArguments = $true)]
    [string[]] $Files
)
$ErrorActionPreference = "Stop"

function Need([string] $name) {
    $value = [Environment]::GetEnvironmentVariable($name)
    if (-not $value) { throw "sign.ps1: $name is not set (BRIDGE_SIGN_MODE=$env:BRIDGE_SIGN_MODE)" }
    return $value
}

$kits = "${env:ProgramFiles(x86)}\Windows Kits\10\bin"
$signtool = Get-ChildItem "$kits\*\x64\signtool.exe" -ErrorAction SilentlyContinue |
    Sort-Object { [version]($_.Directory.Parent.Name) } | Select-Object -Last 1
if (-not $signtool) { throw "sign.ps1: signtool.exe is not in $kits (install the Windows SDK)" }

switch ($env:BRIDGE_SIGN_MODE) {
    "trusted-signing" {
        foreach ($n in "AZURE_TENANT_ID", "AZURE_CLIENT_ID", "AZURE_CLIENT_SECRET") { Need $n | Out-Null }
        $dlib = Need "TRUSTED_SIGNING_DLIB"
        if (-not (Test-Path $dlib)) { throw "sign.ps1: TRUSTED_SIGNING_DLIB $dlib does not exist" }
        $metadata = Join-Path ([IO.Path]::GetTempPath()) "bridge-signing-metadata.json"
        @{
            Endpoint               = Need "TRUSTED_SIGNING_ENDPOINT"
            CodeSigningAccountName = Need "TRUSTED_SIGNING_ACCOUNT"
            CertificateProfileName = Need "TRUSTED_SIGNING_PROFILE"
        } | ConvertTo-Json | Set-Content -Encoding utf8 $metadata
        $timestamp = if ($env:SIGN_TIMESTAMP_URL) { $env:SIGN_TIMESTAMP_URL } else { "http://timestamp.acs.microsoft.com" }
        $how = @("/dlib", $dlib, "/dmdf", $metadata)
    }
    "store" {
        $thumbprint = (Need "WINDOWS_CERT_THUMBPRINT") -replace "\s", ""
        $timestamp = if ($env:SIGN_TIMESTAMP_URL) { $env:SIGN_TIMESTAMP_URL } else { "http://timestamp.digicert.com" }
        $how = @("/sha1", $thumbprint)
    }
    default {
        throw "sign.ps1: BRIDGE_SIGN_MODE must be trusted-signing or store (it is '$env:BRIDGE_SIGN_MODE')"
    }
}

foreach ($file in $Files) {
    if (-not (Test-Path -LiteralPath $file)) { throw "sign.ps1: $file does not exist" }
    & $signtool.FullName sign /v /fd SHA256 /tr $timestamp /td SHA256 @how $file
    if ($LASTEXITCODE) { throw "sign.ps1: signtool could not sign $file (exit $LASTEXITCODE)" }
    & $signtool.FullName verify /pa /v $file
    if ($LASTEXITCODE) { throw "sign.ps1: the signature of $file does not verify" }
}

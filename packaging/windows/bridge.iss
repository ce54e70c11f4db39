; Inno Setup 6 script: the Windows installer for Bridge.
;
;   bash packaging/build                          (makes dist\Bridge and build\icons)
;   iscc /DAppVersion=0.2.0rc1 /DFileVersion=0.2.0.3001 packaging\windows\bridge.iss
;
; FileVersion is the four-number Windows version of AppVersion:
; python packaging\windows\file_version.py 0.2.0rc1. To sign the setup and its uninstaller,
; add /DSign and define the sign tool "bridgesign" (the installers workflow does):
;   "/Sbridgesign=pwsh -NoProfile -File $qC:\path\to\packaging\windows\sign.ps1$q $f"
;
; writes dist\Bridge-VERSION-windows-setup.exe. It installs for the current user without
; administrator rights (into %LOCALAPPDATA%\Programs\Bridge), adds a Start menu entry, an
; optional desktop icon, an uninstaller, and makes .bridge battle files open in Bridge.
; A GM's battles, preferences and autosaves live in the data folder, which uninstalling
; leaves alone.

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z /DFileVersion=X.Y.Z.N packaging\windows\bridge.iss
#endif
#ifndef FileVersion
  #error Pass the file version: /DFileVersion=$(python packaging\windows\file_version.py VERSION)
#endif

[Setup]
AppId={{6F1C5E0B-5B7A-4D7E-9C7B-2B1D0E5A8C31}
AppName=Bridge
AppVersion={#AppVersion}
AppVerName=Bridge {#AppVersion}
AppPublisher=Bridge
VersionInfoVersion={#FileVersion}
VersionInfoProductTextVersion={#AppVersion}
SourceDir=..\..
OutputDir=dist
OutputBaseFilename=Bridge-{#AppVersion}-windows-setup
DefaultDirName={autopf}\Bridge
DefaultGroupName=Bridge
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=commandline
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
SetupIconFile=build\icons\bridge.ico
UninstallDisplayIcon={app}\Bridge.exe
UninstallDisplayName=Bridge
ChangesAssociations=yes
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes
#ifdef Sign
; Inno Setup signs the setup and the uninstaller it writes, with packaging\windows\sign.ps1
SignTool=bridgesign
SignedUninstaller=yes
#endif

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "dist\Bridge\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Bridge"; Filename: "{app}\Bridge.exe"; Comment: "Starship bridge console for Star Trek Adventures"
Name: "{autodesktop}\Bridge"; Filename: "{app}\Bridge.exe"; Tasks: desktopicon

[Registry]
; .bridge -> Bridge.Battle (HKA: the current user's classes for a per-user install). The
; uninstaller removes the values it wrote, then the .bridge keys if nothing else is in them
; (another program may have added itself to OpenWithProgids), and the keys that are
; Bridge's alone: Bridge.Battle and Applications\Bridge.exe.
Root: HKA; Subkey: "Software\Classes\.bridge"; ValueType: string; ValueName: ""; ValueData: "Bridge.Battle"; Flags: uninsdeletevalue uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\.bridge\OpenWithProgids"; ValueType: string; ValueName: "Bridge.Battle"; ValueData: ""; Flags: uninsdeletevalue uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\Bridge.Battle"; ValueType: string; ValueName: ""; ValueData: "Bridge battle"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Bridge.Battle\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\Bridge.exe,0"
Root: HKA; Subkey: "Software\Classes\Bridge.Battle\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\Bridge.exe"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\Bridge.exe"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\Bridge.exe\SupportedTypes"; ValueType: string; ValueName: ".bridge"; ValueData: ""

[Run]
Filename: "{app}\Bridge.exe"; Description: "{cm:LaunchProgram,Bridge}"; Flags: nowait postinstall skipifsilent

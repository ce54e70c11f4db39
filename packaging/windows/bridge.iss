; Inno Setup 6 script: the Windows installer for Bridge.
;
;   bash packaging/build                          (makes dist\Bridge and build\icons)
;   iscc /DAppVersion=0.1.0 packaging\windows\bridge.iss
;
; writes dist\Bridge-VERSION-windows-setup.exe. It installs for the current user without
; administrator rights (into %LOCALAPPDATA%\Programs\Bridge), adds a Start menu entry, an
; optional desktop icon, an uninstaller, and makes .bridge battle files open in Bridge.
; A GM's battles, preferences and autosaves live in the data folder, which uninstalling
; leaves alone.

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z packaging\windows\bridge.iss
#endif

[Setup]
AppId={{6F1C5E0B-5B7A-4D7E-9C7B-2B1D0E5A8C31}
AppName=Bridge
AppVersion={#AppVersion}
AppVerName=Bridge {#AppVersion}
AppPublisher=Bridge
VersionInfoVersion={#AppVersion}
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
; .bridge -> Bridge.Battle (HKA: the current user's classes for a per-user install)
Root: HKA; Subkey: "Software\Classes\.bridge"; ValueType: string; ValueName: ""; ValueData: "Bridge.Battle"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.bridge\OpenWithProgids"; ValueType: string; ValueName: "Bridge.Battle"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Bridge.Battle"; ValueType: string; ValueName: ""; ValueData: "Bridge battle"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Bridge.Battle\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\Bridge.exe,0"
Root: HKA; Subkey: "Software\Classes\Bridge.Battle\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\Bridge.exe"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\Bridge.exe\SupportedTypes"; ValueType: string; ValueName: ".bridge"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\Bridge.exe"; Description: "{cm:LaunchProgram,Bridge}"; Flags: nowait postinstall skipifsilent

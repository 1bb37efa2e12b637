import SwiftUI
import VisionKit

/// The camera, looking for the pairing QR code.
struct ScanCodeSheet: View {
    let onScan: (String) -> Void
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Group {
                if DataScannerViewController.isSupported {
                    QRScannerView(onScan: onScan)
                        .ignoresSafeArea()
                } else {
                    Text(AppCopy.scannerUnavailable).padding()
                }
            }
            .navigationTitle(AppCopy.scanTitle)
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button(AppCopy.cancel) { dismiss() } }
            }
        }
    }
}
